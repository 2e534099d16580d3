import { defineBrand } from '../brand-schema.ts';

export const plugPointNorth = defineBrand({
  id: 'plugpoint-north',
  name: 'PlugPoint North',
  icon: { shape: 'rounded-square', background: '#283593', foreground: '#ffffff', glyph: 'plug' },
  styles: {
    '--ion-color-primary': '#283593',
    '--ion-color-secondary': '#101744',
    '--ion-color-tertiary': '#26c6da',
    '--ion-background-color': '#f4f5fb',
    '--ion-color-danger': '#c5000f',
  },
  api: { production: 'https://api.plugpointnorth.example.com/api' },
  supportEmail: 'support@plugpointnorth.example.com',
  urlFragments: ['plugpoint', 'plugpointnorth'],
  webDomain: 'app.plugpointnorth.example.com',
  paymentProviderKey: null,
  defaultCurrency: 'GBP',
  defaultCountry: 'GB',
});
