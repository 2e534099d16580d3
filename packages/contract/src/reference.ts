import { z } from 'zod';
import { carType, country, currency, language, versionNumbers } from './shared.ts';

export const carTypesResponse = z.array(carType);
export const countriesResponse = z.array(country);
export const currenciesResponse = z.array(currency);
export const languagesResponse = z.array(language);
export const apiVersionResponse = versionNumbers;
