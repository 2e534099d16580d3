import { defineBrand } from '../brand-schema.ts';

export const gwefruCymru = defineBrand({
  id: 'gwefru-cymru',
  name: 'Gwefru Cymru',
  icon: { shape: 'shield', background: '#c62828', foreground: '#ffffff', glyph: 'bolt' },
  styles: {
    '--ion-color-primary': '#c62828',
    '--ion-color-secondary': '#1e1e1e',
    '--ion-color-tertiary': '#2e7d32',
    '--ion-background-color': '#fbf4f4',
    '--ion-color-danger': '#6d1b1b',
  },
  api: { production: 'https://api.gwefrucymru.example.com/api' },
  supportEmail: 'cymorth@gwefrucymru.example.com',
  urlFragments: ['gwefru', 'cymru'],
  webDomain: 'ap.gwefrucymru.example.com',
  paymentProviderKey: null,
  defaultCurrency: 'GBP',
  defaultCountry: 'GB',
  defaultLanguage: 'cy',
});
