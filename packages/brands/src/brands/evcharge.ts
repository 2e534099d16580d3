import { defineBrand } from '../brand-schema.ts';

/** The default brand: shown for every host no other brand claims (spec 001 §1). */
export const evCharge = defineBrand({
  id: 'evcharge',
  name: 'EV Charge',
  icon: { shape: 'rounded-square', background: '#00875a', foreground: '#ffffff', glyph: 'bolt' },
  styles: {
    '--ion-color-primary': '#00875a',
    '--ion-color-secondary': '#1f2d3d',
    '--ion-color-tertiary': '#f2a900',
    '--ion-background-color': '#ffffff',
    '--ion-color-danger': '#c5000f',
  },
  api: {
    production: 'https://api.evcharge.example.com/api',
    development: 'https://api-dev.evcharge.example.com/api',
  },
  supportEmail: 'support@evcharge.example.com',
  urlFragments: ['evcharge'],
  webDomain: 'app.evcharge.example.com',
  paymentProviderKey: null,
  defaultCurrency: 'GBP',
  defaultCountry: 'GB',
});
