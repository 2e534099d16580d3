import { defineBrand } from '../brand-schema.ts';

export const harbourCharge = defineBrand({
  id: 'harbour-charge',
  name: 'Harbour Charge',
  icon: { shape: 'circle', background: '#0269a6', foreground: '#ffffff', glyph: 'wave' },
  styles: {
    '--ion-color-primary': '#0269a6',
    '--ion-color-secondary': '#01304d',
    '--ion-color-tertiary': '#ffb74d',
    '--ion-background-color': '#f2f7fb',
    '--ion-color-danger': '#c5000f',
  },
  api: { production: 'https://api.harbourcharge.example.ie/api' },
  supportEmail: 'help@harbourcharge.example.ie',
  urlFragments: ['harbour'],
  webDomain: 'app.harbourcharge.example.ie',
  paymentProviderKey: null,
  defaultCurrency: 'EUR',
  defaultCountry: 'IE',
});
