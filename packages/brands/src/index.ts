export {
  DEFAULT_GEOCODER_URL,
  brandSchema,
  brandStylesSchema,
  defineBrand,
  type BrandDefinition,
  type BrandStyles,
  type IconDesign,
} from './brand-schema.ts';
export { allBrands } from './brands/index.ts';
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
