import { defineBrand } from '../brand-schema.ts';

export const electraIberica = defineBrand({
  id: 'electra-iberica',
  name: 'Electra Ibérica',
  icon: { shape: 'rounded-square', background: '#ad1457', foreground: '#ffffff', glyph: 'sun' },
  styles: {
    '--ion-color-primary': '#ad1457',
    '--ion-color-secondary': '#3b0a1f',
    '--ion-color-tertiary': '#ffa000',
    '--ion-background-color': '#fbf4f7',
    '--ion-color-danger': '#c5000f',
  },
  api: { production: 'https://api.electraiberica.example.es/api' },
  supportEmail: 'ayuda@electraiberica.example.es',
  urlFragments: ['electra', 'iberica'],
  webDomain: 'app.electraiberica.example.es',
  paymentProviderKey: null,
  defaultCurrency: 'EUR',
  defaultCountry: 'ES',
});
