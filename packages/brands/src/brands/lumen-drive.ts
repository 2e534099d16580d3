import { defineBrand } from '../brand-schema.ts';

export const lumenDrive = defineBrand({
  id: 'lumen-drive',
  name: 'Lumen Drive',
  icon: { shape: 'hexagon', background: '#3949ab', foreground: '#fdd835', glyph: 'sun' },
  styles: {
    '--ion-color-primary': '#3949ab',
    '--ion-color-secondary': '#1a1f4a',
    '--ion-color-tertiary': '#fdd835',
    '--ion-background-color': '#f5f6fb',
    '--ion-color-danger': '#c5000f',
    '--evc-toolbar-background': '#1a1f4a',
  },
  api: { production: 'https://api.lumendrive.example.fr/api' },
  supportEmail: 'assistance@lumendrive.example.fr',
  urlFragments: ['lumen', 'lumendrive'],
  webDomain: 'app.lumendrive.example.fr',
  knowledgeBaseUrl: 'https://aide.lumendrive.example.fr',
  paymentProviderKey: null,
  defaultCurrency: 'EUR',
  defaultCountry: 'FR',
});
