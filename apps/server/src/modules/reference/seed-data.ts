// Reference data seeded on first start. Helpline numbers use the ranges set aside for drama and
// documentation (e.g. UK 020 7946 0xxx), so no real line is ever dialled from the demo.

export interface CountrySeed {
  code: string;
  name: string;
  helpline: string | null;
}

export const COUNTRIES: readonly CountrySeed[] = [
  { code: 'GB', name: 'United Kingdom', helpline: '+44 20 7946 0123' },
  { code: 'IE', name: 'Ireland', helpline: '+353 1 555 0123' },
  { code: 'AE', name: 'United Arab Emirates', helpline: '+971 4 555 0123' },
  { code: 'AT', name: 'Austria', helpline: null },
  { code: 'AU', name: 'Australia', helpline: '+61 2 5550 1234' },
  { code: 'BE', name: 'Belgium', helpline: null },
  { code: 'CA', name: 'Canada', helpline: '+1 416 555 0123' },
  { code: 'CH', name: 'Switzerland', helpline: null },
  { code: 'DE', name: 'Germany', helpline: '+49 30 5550 1234' },
  { code: 'DK', name: 'Denmark', helpline: null },
  { code: 'ES', name: 'Spain', helpline: '+34 91 555 0123' },
  { code: 'FR', name: 'France', helpline: '+33 1 55 55 01 23' },
  { code: 'IT', name: 'Italy', helpline: '+39 06 5550 1234' },
  { code: 'NL', name: 'Netherlands', helpline: '+31 20 555 0123' },
  { code: 'NO', name: 'Norway', helpline: null },
  { code: 'NZ', name: 'New Zealand', helpline: null },
  { code: 'PL', name: 'Poland', helpline: null },
  { code: 'PT', name: 'Portugal', helpline: '+351 21 555 0123' },
  { code: 'SA', name: 'Saudi Arabia', helpline: null },
  { code: 'SE', name: 'Sweden', helpline: null },
  { code: 'US', name: 'United States', helpline: '+1 212 555 0123' },
];

/** Answered for countries without a helpline of their own. */
export const DEFAULT_HELPLINE = '+44 20 7946 0999';

export interface CurrencySeed {
  code: string;
  name: string;
  name_plural: string;
  symbol: string;
  symbol_native: string;
  decimal_digits: number;
  rounding: number;
}

export const CURRENCIES: readonly CurrencySeed[] = [
  {
    code: 'GBP',
    name: 'British Pound',
    name_plural: 'British pounds sterling',
    symbol: '£',
    symbol_native: '£',
    decimal_digits: 2,
    rounding: 0,
  },
  {
    code: 'USD',
    name: 'US Dollar',
    name_plural: 'US dollars',
    symbol: '$',
    symbol_native: '$',
    decimal_digits: 2,
    rounding: 0,
  },
  {
    code: 'EUR',
    name: 'Euro',
    name_plural: 'euros',
    symbol: '€',
    symbol_native: '€',
    decimal_digits: 2,
    rounding: 0,
  },
  {
    code: 'AED',
    name: 'UAE Dirham',
    name_plural: 'UAE dirhams',
    symbol: 'AED',
    symbol_native: 'د.إ.‏',
    decimal_digits: 2,
    rounding: 0,
  },
  {
    code: 'AUD',
    name: 'Australian Dollar',
    name_plural: 'Australian dollars',
    symbol: 'AU$',
    symbol_native: '$',
    decimal_digits: 2,
    rounding: 0,
  },
  {
    code: 'CAD',
    name: 'Canadian Dollar',
    name_plural: 'Canadian dollars',
    symbol: 'CA$',
    symbol_native: '$',
    decimal_digits: 2,
    rounding: 0,
  },
  {
    code: 'CHF',
    name: 'Swiss Franc',
    name_plural: 'Swiss francs',
    symbol: 'CHF',
    symbol_native: 'CHF',
    decimal_digits: 2,
    rounding: 0.05,
  },
  {
    code: 'DKK',
    name: 'Danish Krone',
    name_plural: 'Danish kroner',
    symbol: 'Dkr',
    symbol_native: 'kr',
    decimal_digits: 2,
    rounding: 0,
  },
  {
    code: 'NOK',
    name: 'Norwegian Krone',
    name_plural: 'Norwegian kroner',
    symbol: 'Nkr',
    symbol_native: 'kr',
    decimal_digits: 2,
    rounding: 0,
  },
  {
    code: 'PLN',
    name: 'Polish Zloty',
    name_plural: 'Polish zlotys',
    symbol: 'zł',
    symbol_native: 'zł',
    decimal_digits: 2,
    rounding: 0,
  },
  {
    code: 'SAR',
    name: 'Saudi Riyal',
    name_plural: 'Saudi riyals',
    symbol: 'SR',
    symbol_native: 'ر.س.‏',
    decimal_digits: 2,
    rounding: 0,
  },
  {
    code: 'SEK',
    name: 'Swedish Krona',
    name_plural: 'Swedish kronor',
    symbol: 'Skr',
    symbol_native: 'kr',
    decimal_digits: 2,
    rounding: 0,
  },
];

export interface LanguageSeed {
  code: string;
  language: string;
  flagClass: string;
}

export const LANGUAGES: readonly LanguageSeed[] = [
  { code: 'en', language: 'English', flagClass: 'flag-gb' },
  { code: 'fr', language: 'Français', flagClass: 'flag-fr' },
  { code: 'cy', language: 'Cymraeg', flagClass: 'flag-gb-wls' },
  { code: 'es', language: 'Español', flagClass: 'flag-es' },
  { code: 'it', language: 'Italiano', flagClass: 'flag-it' },
];

export interface CarTypeSeed {
  make: string;
  model: string;
  /** File under apps/server/assets/cars, served at /api/assets/cars/<file>. */
  file: string;
  milesPerKwh: number;
  /** Body colour of the picture. */
  colour: string;
  shape: 'saloon' | 'hatchback' | 'suv';
}

// Typical real-world efficiency figures (miles per kWh) for each model.
export const CAR_TYPES: readonly CarTypeSeed[] = [
  {
    make: 'Tesla',
    model: 'Model 3',
    file: 'tesla-model-3.svg',
    milesPerKwh: 4.2,
    colour: '#c8102e',
    shape: 'saloon',
  },
  {
    make: 'Tesla',
    model: 'Model Y',
    file: 'tesla-model-y.svg',
    milesPerKwh: 3.7,
    colour: '#f2f2f2',
    shape: 'suv',
  },
  {
    make: 'Nissan',
    model: 'Leaf',
    file: 'nissan-leaf.svg',
    milesPerKwh: 3.9,
    colour: '#1f5fa8',
    shape: 'hatchback',
  },
  {
    make: 'Kia',
    model: 'EV6',
    file: 'kia-ev6.svg',
    milesPerKwh: 3.6,
    colour: '#5a6b7b',
    shape: 'suv',
  },
  {
    make: 'Hyundai',
    model: 'Ioniq 5',
    file: 'hyundai-ioniq-5.svg',
    milesPerKwh: 3.5,
    colour: '#9aa7a0',
    shape: 'hatchback',
  },
  {
    make: 'Volkswagen',
    model: 'ID.3',
    file: 'volkswagen-id-3.svg',
    milesPerKwh: 3.8,
    colour: '#2d7dd2',
    shape: 'hatchback',
  },
  {
    make: 'BMW',
    model: 'i4',
    file: 'bmw-i4.svg',
    milesPerKwh: 3.7,
    colour: '#0b1f3a',
    shape: 'saloon',
  },
  {
    make: 'Renault',
    model: 'Zoe',
    file: 'renault-zoe.svg',
    milesPerKwh: 4.0,
    colour: '#e5a50a',
    shape: 'hatchback',
  },
  {
    make: 'MG',
    model: 'MG4 EV',
    file: 'mg-mg4-ev.svg',
    milesPerKwh: 3.8,
    colour: '#e4572e',
    shape: 'hatchback',
  },
  {
    make: 'Polestar',
    model: '2',
    file: 'polestar-2.svg',
    milesPerKwh: 3.5,
    colour: '#3c3c3c',
    shape: 'saloon',
  },
  {
    make: 'Audi',
    model: 'Q4 e-tron',
    file: 'audi-q4-e-tron.svg',
    milesPerKwh: 3.3,
    colour: '#7a0019',
    shape: 'suv',
  },
];

export const currencyId = (code: string) => `cur_${code.toLowerCase()}`;
export const languageId = (code: string) => `lang_${code}`;
export const carTypeId = (file: string) => `car_${file.replace(/\.svg$/, '')}`;
