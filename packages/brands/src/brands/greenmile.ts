import { defineBrand } from '../brand-schema.ts';

export const greenMile = defineBrand({
  id: 'greenmile',
  name: 'GreenMile Charging',
  icon: { shape: 'rounded-square', background: '#2e7d32', foreground: '#ffffff', glyph: 'leaf' },
  styles: {
    '--ion-color-primary': '#2e7d32',
    '--ion-color-secondary': '#1b3a1d',
    '--ion-color-tertiary': '#aed581',
    '--ion-background-color': '#f4f8f3',
    '--ion-color-danger': '#c5000f',
  },
  api: {
    production: 'https://api.greenmile.example.com/api',
    development: 'https://api-dev.greenmile.example.com/api',
  },
  supportEmail: 'care@greenmile.example.com',
  urlFragments: ['greenmile'],
  webDomain: 'drive.greenmile.example.com',
  knowledgeBaseUrl: 'https://support.greenmile.example.com',
  paymentProviderKey: null,
  defaultCurrency: 'GBP',
  defaultCountry: 'GB',
});
