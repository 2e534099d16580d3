import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarType, Country, Currency, Language } from '@evc/contract';
import { isCurrencyCode } from '@evc/domain';
import { createTestApp, DRIVER, type TestApp } from '../../test/test-app.ts';
import { DEFAULT_HELPLINE } from './seed-data.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('reference data', () => {
  it('lists countries GB first, IE second, then by name, with helplines', async () => {
    const { status, body } = await t.call('getAllCountries');
    expect(status).toBe(200);
    const countries = body.data as Country[];
    expect(countries.slice(0, 2).map((country) => country.code)).toEqual(['GB', 'IE']);
    const rest = countries.slice(2).map((country) => country.name);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en')));
    expect(countries.length).toBeGreaterThanOrEqual(20);
    expect(countries.map((country) => country.code)).toEqual(
      expect.arrayContaining(['AE', 'FR', 'ES', 'IT', 'US']),
    );
    expect(countries.find((country) => country.code === 'GB')?.helpline).toMatch(/^\+44/);
  });

  it('lists currencies by name with their symbols and digits', async () => {
    const currencies = (await t.call('getAllCurrencies')).body.data as Currency[];
    const names = currencies.map((currency) => currency.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(currencies.find((currency) => currency.code === 'GBP')).toMatchObject({
      symbol: '£',
      symbol_native: '£',
      decimal_digits: 2,
    });
    expect(currencies.map((currency) => currency.code)).toEqual(
      expect.arrayContaining(['GBP', 'USD', 'EUR', 'AED']),
    );
    // A driver registers with, and a tariff is priced in, only ISO 4217 codes.
    expect(currencies.filter((currency) => !isCurrencyCode(currency.code))).toEqual([]);
  });

  it('lists the five languages by language name with flag classes', async () => {
    const languages = (await t.call('getAllLanguages')).body.data as Language[];
    expect(languages.map((language) => language.code)).toEqual(['cy', 'en', 'es', 'fr', 'it']);
    expect(languages.find((language) => language.code === 'fr')).toMatchObject({
      language: 'Français',
      class: 'flag-fr',
    });
  });

  it('lists car types by make whose pictures the server serves', async () => {
    const cars = (await t.call('getCarTypes')).body.data as CarType[];
    expect(cars.length).toBeGreaterThanOrEqual(10);
    const makes = cars.map((car) => car.make);
    expect(makes).toEqual([...makes].sort((a, b) => a.localeCompare(b, 'en')));
    for (const car of cars) {
      expect(car.image).toMatch(/^\/api\/assets\/cars\/[a-z0-9-]+\.svg$/);
      expect(car.milesPerKwh).toBeGreaterThan(2);
      const picture = await t.app.inject({ url: car.image });
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['content-type']).toContain('image/svg+xml');
    }
  });

  it('reports API version 2.0.0', async () => {
    expect((await t.call('apiVersionCheck')).body).toEqual({
      data: { majorversion: 2, minorversion: 0, patchversion: 0 },
    });
  });

  it('answers the default helpline to guests', async () => {
    expect((await t.call('defaultHelpline')).body).toEqual({
      data: { helpline: DEFAULT_HELPLINE },
    });
  });
});

describe('getHelpline', () => {
  it("answers the country's helpline, or the default one when it has none", async () => {
    const { token } = await t.login(DRIVER);
    expect(
      (await t.call('getHelpline', { token, body: { country_code: 'gb' } })).body.data,
    ).toEqual({
      helpline: '+44 20 7946 0123',
    });
    expect(
      (await t.call('getHelpline', { token, body: { country_code: 'SE' } })).body.data,
    ).toEqual({
      helpline: DEFAULT_HELPLINE,
    });
    expect(
      (await t.call('getHelpline', { token, body: { country_code: 'ZZ' } })).body.data,
    ).toEqual({
      helpline: DEFAULT_HELPLINE,
    });
  });

  it('names the field on bad input and needs a signed-in user', async () => {
    const { token } = await t.login(DRIVER);
    const bad = await t.call('getHelpline', { token, body: { country_code: 'GBR' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      code: 'VALIDATION',
      message: expect.stringMatching(/^country_code: /) as string,
    });
    const guest = await t.call('getHelpline', { body: { country_code: 'GB' } });
    expect(guest.status).toBe(401);
    expect(guest.body.code).toBe('UNAUTHENTICATED');
  });
});
