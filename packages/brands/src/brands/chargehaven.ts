import { defineBrand } from '../brand-schema.ts';

export const chargeHaven = defineBrand({
  id: 'chargehaven',
  name: 'Charge Haven',
  icon: { shape: 'shield', background: '#00796b', foreground: '#ffffff', glyph: 'plug' },
  styles: {
    '--ion-color-primary': '#00796b',
    '--ion-color-secondary': '#263238',
    '--ion-color-tertiary': '#ffca28',
    '--ion-background-color': '#f2f7f6',
    '--ion-color-danger': '#c5000f',
  },
  api: { production: 'https://api.chargehaven.example.com/api' },
  supportEmail: 'hello@chargehaven.example.com',
  urlFragments: ['chargehaven', 'haven'],
  webDomain: 'app.chargehaven.example.com',
  paymentProviderKey: null,
  defaultCurrency: 'GBP',
  defaultCountry: 'GB',
});
