import { withoutMasqueradePrefix, type Feature, type LanguageCode } from '@evc/domain';
import type { BrandDefinition, BrandStyles } from './brand-schema.ts';
import { allBrands } from './brands/index.ts';
import { HOST_CONFIG, type ApiTarget, type HostConfig } from './hosts.ts';
import { renderIconSvg } from './icon.ts';

export const DEFAULT_BRAND_ID = 'evcharge';

/** A brand as the app uses it. */
export interface Brand {
  id: string;
  name: string;
  /** Address of the brand's icon (SVG), served by the platform. */
  icon: string;
  styles: Readonly<BrandStyles>;
  /**
   * Where the app sends its calls. Absent on hosts the platform serves itself (the embedded
   * system, `{fragment}.localhost`, unknown hosts): the app then calls its own origin's /api.
   */
  apiUrl?: string;
  supportEmail?: string;
  knowledgeBaseUrl?: string;
  howToVideoUrl?: string;
  paymentProviderKey: string | null;
  defaultCurrency: string;
  defaultCountry: string;
  /** Issue 19: the language before the driver picks one; absent, the device's. */
  defaultLanguage?: LanguageCode;
  applePayMerchantId?: string;
  webDomain: string;
  mapStyleUrl?: string;
  geocoderUrl: string;
}

export interface ResolvedBrand {
  brand: Brand;
  enabledFeatures: readonly Feature[];
  disabledFeatures: readonly Feature[];
}

/** spec 001 §1: the operator configuration of a host. */
export interface OperatorConfig {
  enabledFeatures: readonly Feature[];
  disabledFeatures: readonly Feature[];
  hostUrls: readonly string[];
  brandName: string;
  paymentProviderKey: string | null;
  apiUrl?: string;
  knowledgeBaseUrl?: string;
}

const byId = new Map(allBrands.map((definition) => [definition.id, definition]));
const byFragment = new Map(
  allBrands.flatMap((definition) =>
    definition.urlFragments.map((fragment) => [fragment, definition] as const),
  ),
);

export function brandDefinition(id: string): BrandDefinition | undefined {
  return byId.get(id);
}

function definitionOf(id: string): BrandDefinition {
  const definition = byId.get(id);
  if (!definition) throw new Error(`no brand ${id}`);
  return definition;
}

export function brandIconPath(id: string): string {
  return `/brand-icon/${id}.svg`;
}

/** The brand's icon as an SVG document, or undefined for an unknown id. */
export function brandIconSvg(id: string): string | undefined {
  const definition = byId.get(id);
  return definition ? renderIconSvg(definition.icon, definition.name) : undefined;
}

/** 'Voltway.Example.com:8080.' → 'voltway.example.com'; '[::1]:5173' → '::1'. */
export function normaliseHost(hostname: string): string {
  const host = hostname.trim().toLowerCase();
  const bracketed = /^\[([^\]]*)\]/.exec(host);
  if (bracketed) return bracketed[1] ?? '';
  // A bare IPv6 address has several colons and no port.
  const withoutPort = host.split(':').length === 2 ? host.replace(/:\d*$/, '') : host;
  return withoutPort.replace(/\.$/, '');
}

function productionHost(brandId: string): HostConfig | undefined {
  return HOST_CONFIG.find((entry) => entry.brandId === brandId && entry.api === 'production');
}

function apiUrlOf(definition: BrandDefinition, api: ApiTarget | undefined): string | undefined {
  switch (api) {
    case 'production':
      return definition.api.production;
    case 'development':
      return definition.api.development ?? definition.api.production;
    case undefined:
      return undefined;
  }
}

/** The brand as shown on a host: the host entry's title and features, and its API address. */
function onHost(
  definition: BrandDefinition,
  entry: HostConfig | undefined,
  api: ApiTarget | undefined,
): ResolvedBrand {
  const apiUrl = apiUrlOf(definition, api);
  return {
    brand: {
      id: definition.id,
      name: entry?.title ?? definition.name,
      icon: brandIconPath(definition.id),
      styles: definition.styles,
      ...(apiUrl ? { apiUrl } : {}),
      ...(definition.supportEmail ? { supportEmail: definition.supportEmail } : {}),
      ...(definition.knowledgeBaseUrl ? { knowledgeBaseUrl: definition.knowledgeBaseUrl } : {}),
      ...(definition.howToVideoUrl ? { howToVideoUrl: definition.howToVideoUrl } : {}),
      paymentProviderKey: definition.paymentProviderKey,
      defaultCurrency: definition.defaultCurrency,
      defaultCountry: definition.defaultCountry,
      ...(definition.defaultLanguage ? { defaultLanguage: definition.defaultLanguage } : {}),
      ...(definition.applePayMerchantId
        ? { applePayMerchantId: definition.applePayMerchantId }
        : {}),
      webDomain: definition.webDomain,
      ...(definition.mapStyleUrl ? { mapStyleUrl: definition.mapStyleUrl } : {}),
      geocoderUrl: definition.geocoderUrl,
    },
    enabledFeatures: entry?.enabledFeatures ?? [],
    disabledFeatures: entry?.disabledFeatures ?? [],
  };
}

/**
 * spec 001 §1: the brand is chosen from the page address.
 * 1. A host of the host configuration (each brand's web domain is one): that brand, its title,
 *    features and API address.
 * 2. A host with a label equal to one of a brand's URL fragments (e.g. `voltway.localhost`,
 *    `voltway.charging.example.org`): that brand with its production host's title and features,
 *    calling the platform the page came from (the embedded server), so no API address.
 * 3. Anything else, `localhost` and IP addresses included: the default brand, 'EV Charge'.
 * The support masquerade's host (spec 000 §4: `support-masquerade.` before the brand's host, e.g.
 * `support-masquerade.voltway.localhost`) is the same brand as the host behind the prefix.
 */
export function resolveBrand(hostname: string): ResolvedBrand {
  const host = withoutMasqueradePrefix(normaliseHost(hostname));
  const configured = HOST_CONFIG.find((entry) => entry.host === host);
  if (configured) return onHost(definitionOf(configured.brandId), configured, configured.api);
  const claimed =
    host
      .split('.')
      .map((label) => byFragment.get(label))
      .find((definition) => definition !== undefined) ?? definitionOf(DEFAULT_BRAND_ID);
  return onHost(claimed, productionHost(claimed.id), undefined);
}

/** spec 001 §1: enabledFeatures, disabledFeatures, hostUrls, brandName, payment key, apiUrl, knowledgeBaseUrl. */
export function operatorConfig(hostname: string): OperatorConfig {
  const { brand, enabledFeatures, disabledFeatures } = resolveBrand(hostname);
  return {
    enabledFeatures,
    disabledFeatures,
    hostUrls: HOST_CONFIG.filter((entry) => entry.brandId === brand.id).map((entry) => entry.host),
    brandName: brand.name,
    paymentProviderKey: brand.paymentProviderKey,
    ...(brand.apiUrl ? { apiUrl: brand.apiUrl } : {}),
    ...(brand.knowledgeBaseUrl ? { knowledgeBaseUrl: brand.knowledgeBaseUrl } : {}),
  };
}
