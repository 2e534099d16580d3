import { defineBrand } from '../brand-schema.ts';

export const fleetVolt = defineBrand({
  id: 'fleetvolt',
  name: 'FleetVolt',
  icon: { shape: 'circle', background: '#37474f', foreground: '#ffffff', glyph: 'plug' },
  styles: {
    '--ion-color-primary': '#37474f',
    '--ion-color-secondary': '#102027',
    '--ion-color-tertiary': '#00e676',
    '--ion-background-color': '#f4f6f7',
    '--ion-color-danger': '#c5000f',
    '--evc-toolbar-background': '#102027',
  },
  api: { production: 'https://api.fleetvolt.example.com/api' },
  supportEmail: 'fleet@fleetvolt.example.com',
  urlFragments: ['fleetvolt', 'fleet'],
  webDomain: 'app.fleetvolt.example.com',
  paymentProviderKey: null,
  defaultCurrency: 'GBP',
  defaultCountry: 'GB',
});
