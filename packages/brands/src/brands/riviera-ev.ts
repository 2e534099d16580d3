import { defineBrand } from '../brand-schema.ts';

export const rivieraEv = defineBrand({
  id: 'riviera-ev',
  name: 'Riviera EV',
  icon: { shape: 'circle', background: '#00695c', foreground: '#ffffff', glyph: 'drop' },
  styles: {
    '--ion-color-primary': '#00695c',
    '--ion-color-secondary': '#0b2e2a',
    '--ion-color-tertiary': '#ffcc80',
    '--ion-background-color': '#f2f8f7',
    '--ion-color-danger': '#c5000f',
  },
  api: { production: 'https://api.rivieraev.example.it/api' },
  supportEmail: 'assistenza@rivieraev.example.it',
  urlFragments: ['riviera'],
  webDomain: 'app.rivieraev.example.it',
  paymentProviderKey: null,
  defaultCurrency: 'EUR',
  defaultCountry: 'IT',
});
