export { brandSchema, defineBrand, type BrandDefinition, type IconDesign } from './brand-schema.ts';
export { BRAND_DEFINITIONS } from './brands/index.ts';
export { HOST_CONFIG, type ApiTarget, type HostConfig } from './hosts.ts';
export { renderIconSvg } from './icon.ts';
export { brandManifest, type WebAppManifest } from './manifest.ts';
export {
  DEFAULT_BRAND_ID,
  brandDefinition,
  brandIconPath,
  brandIconSvg,
  normaliseHost,
  operatorConfig,
  resolveBrand,
  type Brand,
  type OperatorConfig,
  type ResolvedBrand,
} from './resolve.ts';
