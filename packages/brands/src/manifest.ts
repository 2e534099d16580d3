import { resolveBrand } from './resolve.ts';

export interface WebAppManifest {
  id: string;
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: 'standalone';
  orientation: 'portrait';
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

/** The installable-app manifest of the brand a host shows. */
export function brandManifest(hostname: string): WebAppManifest {
  const { brand } = resolveBrand(hostname);
  return {
    id: '/',
    name: brand.name,
    short_name: brand.name.length > 12 ? (brand.name.split(' ')[0] ?? brand.name) : brand.name,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: brand.styles['--ion-color-primary'],
    background_color: brand.styles['--ion-background-color'],
    icons: [{ src: brand.icon, sizes: 'any', type: 'image/svg+xml', purpose: 'any maskable' }],
  };
}
