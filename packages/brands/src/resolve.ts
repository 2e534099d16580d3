import type { Feature } from '@evc/domain';
import type { BrandDefinition } from './brand-schema.ts';
import { BRAND_DEFINITIONS } from './brands/index.ts';
import { HOST_CONFIG, type HostConfig } from './hosts.ts';
import { renderIconSvg } from './icon.ts';

export const DEFAULT_BRAND_ID = 'evcharge';

/** A brand as the app uses it. */
export interface Brand {
  id: string;
  name: string;
  /** Address of the brand's icon (SVG), served by the platform. */
  icon: string;
  styles: Readonly<Record<string, string>>;
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
  webDomain: string;
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

const byId = new Map(BRAND_DEFINITIONS.map((definition) => [definition.id, definition]));

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

/** 'Voltway.Example.com:8080.' → 'voltway.example.com' */
export function normaliseHost(hostname: string): string {
  return hostname
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/:\d+$/, '')
    .replace(/\.$/, '');
}

function primaryHostConfig(brandId: string): HostConfig | undefined {
  return HOST_CONFIG.find((entry) => entry.brandId === brandId && entry.api === 'production');
}

function toBrand(definition: BrandDefinition, apiUrl: string | undefined): Brand {
  return {
    id: definition.id,
    name: definition.name,
    icon: brandIconPath(definition.id),
    styles: definition.styles,
    ...(apiUrl ? { apiUrl } : {}),
    ...(definition.supportEmail ? { supportEmail: definition.supportEmail } : {}),
    ...(definition.knowledgeBaseUrl ? { knowledgeBaseUrl: definition.knowledgeBaseUrl } : {}),
    ...(definition.howToVideoUrl ? { howToVideoUrl: definition.howToVideoUrl } : {}),
    paymentProviderKey: definition.paymentProviderKey,
    defaultCurrency: definition.defaultCurrency,
    defaultCountry: definition.defaultCountry,
    webDomain: definition.webDomain,
  };
}

function fromHostConfig(entry: HostConfig, withApi: boolean): ResolvedBrand {
  const definition = definitionOf(entry.brandId);
  const apiUrl = withApi
    ? entry.api === 'development'
      ? (definition.api.development ?? definition.api.production)
      : definition.api.production
    : undefined;
  return {
    brand: { ...toBrand(definition, apiUrl), name: entry.title },
    enabledFeatures: entry.enabledFeatures,
    disabledFeatures: entry.disabledFeatures,
  };
}

function sameOrigin(brandId: string): ResolvedBrand {
  const entry = primaryHostConfig(brandId);
  if (entry) return fromHostConfig(entry, false);
  return {
    brand: toBrand(definitionOf(brandId), undefined),
    enabledFeatures: [],
    disabledFeatures: [],
  };
}

/**
 * spec 001 §1: the brand is chosen from the page address.
 * 1. A host of the host configuration: that brand, its title, features and API address.
 * 2. A host with a label equal to one of a brand's URL fragments (e.g. `voltway.localhost`,
 *    `voltway.charging.example.org`): that brand, served by the platform the page came from.
 * 3. Anything else: the default brand, 'EV Charge'.
 */
export function resolveBrand(hostname: string): ResolvedBrand {
  const host = normaliseHost(hostname);
  const configured = HOST_CONFIG.find((entry) => entry.host === host);
  if (configured) return fromHostConfig(configured, true);
  const labels = host.split('.');
  for (const label of labels) {
    const definition = BRAND_DEFINITIONS.find((candidate) =>
      candidate.urlFragments.includes(label),
    );
    if (definition) return sameOrigin(definition.id);
  }
  return sameOrigin(DEFAULT_BRAND_ID);
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
