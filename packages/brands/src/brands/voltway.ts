import { defineBrand } from '../brand-schema.ts';

export const voltway = defineBrand({
  id: 'voltway',
  name: 'Voltway',
  icon: { shape: 'circle', background: '#1565c0', foreground: '#ffffff', glyph: 'bolt' },
  styles: {
    '--ion-color-primary': '#1565c0',
    '--ion-color-secondary': '#0d2c54',
    '--ion-color-tertiary': '#ffb300',
    '--ion-background-color': '#f4f7fb',
    '--ion-color-danger': '#c5000f',
    '--evc-toolbar-background': '#0d2c54',
  },
  api: {
    production: 'https://api.voltway.example.com/api',
    development: 'https://api-dev.voltway.example.com/api',
  },
  supportEmail: 'help@voltway.example.com',
  urlFragments: ['voltway'],
  webDomain: 'app.voltway.example.com',
  knowledgeBaseUrl: 'https://help.voltway.example.com',
  howToVideoUrl: 'https://videos.voltway.example.com/start-a-charge.mp4',
  paymentProviderKey: null,
  defaultCurrency: 'GBP',
  defaultCountry: 'GB',
});
