import { resolveBrand, type Brand } from '@evc/brands';

export interface BrandFeatures {
  enabledFeatures: readonly string[];
  disabledFeatures: readonly string[];
}

export interface ActiveBrand {
  brand: Brand;
  features: BrandFeatures;
}

const resolved = new Map<string, ActiveBrand>();

/** The brand chosen from the page address (spec 001 §1), with the host's features. */
export function brandForHost(hostname: string): ActiveBrand {
  let active = resolved.get(hostname);
  if (!active) {
    const match = resolveBrand(hostname);
    active = {
      brand: match.brand,
      features: {
        enabledFeatures: match.enabledFeatures,
        disabledFeatures: match.disabledFeatures,
      },
    };
    resolved.set(hostname, active);
  }
  return active;
}

export function currentBrand(): ActiveBrand {
  return brandForHost(window.location.hostname);
}

export function useBrand(): ActiveBrand {
  return currentBrand();
}

/** The API base: the brand's apiUrl, or this origin's /api (the embedded server). */
export function apiBaseUrl(): string {
  const { apiUrl } = currentBrand().brand;
  return (apiUrl ?? `${window.location.origin}/api`).replace(/\/+$/, '');
}
