import { defineBrand } from '../brand-schema.ts';

export const amperia = defineBrand({
  id: 'amperia',
  name: 'Amperia',
  icon: { shape: 'hexagon', background: '#6a1b9a', foreground: '#ffffff', glyph: 'bolt' },
  styles: {
    '--ion-color-primary': '#6a1b9a',
    '--ion-color-secondary': '#2a0a3d',
    '--ion-color-tertiary': '#1de9b6',
    '--ion-background-color': '#f7f3fa',
    '--ion-color-danger': '#c5000f',
  },
  api: { production: 'https://api.amperia.example.com/api' },
  urlFragments: ['amperia'],
  webDomain: 'app.amperia.example.com',
  paymentProviderKey: null,
  defaultCurrency: 'GBP',
  defaultCountry: 'GB',
});
