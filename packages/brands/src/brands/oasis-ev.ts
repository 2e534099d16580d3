import { defineBrand } from '../brand-schema.ts';

/** Base variant of Oasis EV; shares its brand name with the EEA variant (spec 001 §1). */
export const oasisEv = defineBrand({
  id: 'oasis-ev',
  name: 'Oasis EV',
  icon: { shape: 'hexagon', background: '#7a5f00', foreground: '#ffffff', glyph: 'drop' },
  styles: {
    '--ion-color-primary': '#7a5f00',
    '--ion-color-secondary': '#2b2100',
    '--ion-color-tertiary': '#006064',
    '--ion-background-color': '#fbf8f0',
    '--ion-color-danger': '#c5000f',
  },
  api: {
    production: 'https://api.oasisev.example.ae/api',
    development: 'https://api-dev.oasisev.example.ae/api',
  },
  supportEmail: 'support@oasisev.example.ae',
  urlFragments: ['oasis'],
  webDomain: 'app.oasisev.example.ae',
  knowledgeBaseUrl: 'https://help.oasisev.example.ae',
  howToVideoUrl: 'https://videos.oasisev.example.ae/how-to-charge.mp4',
  paymentProviderKey: null,
  defaultCurrency: 'AED',
  defaultCountry: 'AE',
});
