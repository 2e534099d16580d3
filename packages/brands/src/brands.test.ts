import { describe, expect, test } from 'vitest';
import { HOST_FEATURES } from '@evc/domain';
import {
  BRAND_DEFINITIONS,
  DEFAULT_BRAND_ID,
  HOST_CONFIG,
  brandIconSvg,
  brandManifest,
  brandSchema,
  defineBrand,
  operatorConfig,
  resolveBrand,
} from './index.ts';

describe('brand files (spec 001 §1)', () => {
  test('fifteen brands are configured', () => {
    expect(BRAND_DEFINITIONS).toHaveLength(15);
  });

  test('every brand file passes the schema', () => {
    for (const definition of BRAND_DEFINITIONS)
      expect(brandSchema.safeParse(definition).success).toBe(true);
  });

  test('ids and URL fragments are unique', () => {
    const ids = BRAND_DEFINITIONS.map((definition) => definition.id);
    expect(new Set(ids).size).toBe(ids.length);
    const fragments = BRAND_DEFINITIONS.flatMap((definition) => definition.urlFragments);
    expect(new Set(fragments).size).toBe(fragments.length);
  });

  test('two brands, an EEA and a base variant, share a brand name, with default currency AED and country AE', () => {
    const names = BRAND_DEFINITIONS.map((definition) => definition.name);
    const sharedNames = new Set(names.filter((name, index) => names.indexOf(name) !== index));
    const shared = [...sharedNames].map((name) =>
      BRAND_DEFINITIONS.filter((definition) => definition.name === name),
    );
    expect(shared).toHaveLength(1);
    const [pair] = shared;
    expect(pair?.map((definition) => definition.id).sort()).toEqual(['oasis-ev', 'oasis-ev-eea']);
    for (const definition of pair ?? []) {
      expect(definition.defaultCurrency).toBe('AED');
      expect(definition.defaultCountry).toBe('AE');
    }
  });

  test('the default brand is the generic EV Charge', () => {
    expect(resolveBrand('localhost').brand.name).toBe('EV Charge');
    expect(resolveBrand('localhost').brand.id).toBe(DEFAULT_BRAND_ID);
  });

  test('a brand file with a wrong field is refused, naming the field', () => {
    const [first] = BRAND_DEFINITIONS;
    expect(() =>
      defineBrand({ ...first!, styles: { ...first!.styles, '--ion-color-primary': 'blue' } }),
    ).toThrow(/styles.--ion-color-primary/);
    expect(() => defineBrand({ ...first!, defaultCurrency: 'pounds' })).toThrow(/defaultCurrency/);
  });

  test('some brands carry a knowledge-base link and a support e-mail, others not', () => {
    expect(BRAND_DEFINITIONS.some((definition) => definition.knowledgeBaseUrl)).toBe(true);
    expect(BRAND_DEFINITIONS.some((definition) => !definition.knowledgeBaseUrl)).toBe(true);
    expect(BRAND_DEFINITIONS.some((definition) => !definition.supportEmail)).toBe(true);
  });
});

describe('host configuration', () => {
  test('every entry names a known brand and only the five named features', () => {
    const ids = new Set(BRAND_DEFINITIONS.map((definition) => definition.id));
    for (const entry of HOST_CONFIG) {
      expect(ids.has(entry.brandId)).toBe(true);
      for (const feature of [...entry.enabledFeatures, ...entry.disabledFeatures]) {
        expect(HOST_FEATURES).toContain(feature);
      }
    }
  });

  test('every brand has a production host', () => {
    for (const definition of BRAND_DEFINITIONS) {
      expect(
        HOST_CONFIG.some((entry) => entry.brandId === definition.id && entry.api === 'production'),
      ).toBe(true);
    }
  });
});

describe('resolveBrand', () => {
  test.each([
    // host, brand id, API address
    ['app.voltway.example.com', 'voltway', 'https://api.voltway.example.com/api'],
    ['dev.voltway.example.com', 'voltway', 'https://api-dev.voltway.example.com/api'],
    ['APP.Voltway.Example.com:443', 'voltway', 'https://api.voltway.example.com/api'],
    ['eu.oasisev.example.com', 'oasis-ev-eea', 'https://api.oasisev.example.com/api'],
    ['app.oasisev.example.ae', 'oasis-ev', 'https://api.oasisev.example.ae/api'],
    ['voltway.localhost', 'voltway', undefined],
    ['Voltway.localhost:8080', 'voltway', undefined],
    ['oasis.localhost', 'oasis-ev', undefined],
    ['oasis-eea.localhost', 'oasis-ev-eea', undefined],
    ['gwefru.localhost', 'gwefru-cymru', undefined],
    ['riviera.charging.example.org', 'riviera-ev', undefined],
    ['localhost', 'evcharge', undefined],
    ['127.0.0.1', 'evcharge', undefined],
    ['[::1]', 'evcharge', undefined],
    ['voltwayish.localhost', 'evcharge', undefined],
    ['unknown.example.net', 'evcharge', undefined],
  ])('%s shows %s and calls %s', (host, id, apiUrl) => {
    const { brand } = resolveBrand(host);
    expect(brand.id).toBe(id);
    expect(brand.apiUrl).toBe(apiUrl);
    expect(brand.icon).toBe(`/brand-icon/${id}.svg`);
  });

  test('a host carries its configured features; fragment hosts take the brand production host features', () => {
    expect(resolveBrand('app.voltway.example.com').enabledFeatures).toContain('HOME_CHARGING');
    expect(resolveBrand('voltway.localhost').enabledFeatures).toEqual(
      resolveBrand('app.voltway.example.com').enabledFeatures,
    );
    expect(resolveBrand('app.oasisev.example.ae').disabledFeatures).toContain('HOME_CHARGING');
    expect(resolveBrand('dev.evcharge.example.com').enabledFeatures).toContain('CHARGER_FILTERS');
    expect(resolveBrand('app.evcharge.example.com').enabledFeatures).not.toContain(
      'CHARGER_FILTERS',
    );
  });

  test('brand colours come from the brand file', () => {
    expect(resolveBrand('voltway.localhost').brand.styles['--ion-color-primary']).toBe('#1565c0');
    expect(resolveBrand('localhost').brand.styles['--ion-color-primary']).toBe('#00875a');
  });
});

describe('operator configuration', () => {
  test('holds features, host URLs, brand name, payment key, API and knowledge-base addresses', () => {
    expect(operatorConfig('app.voltway.example.com')).toEqual({
      enabledFeatures: ['HOME_CHARGING', 'HOW_TO_VIDEO', 'CHARGER_FILTERS', 'KNOWLEDGE_BASE'],
      disabledFeatures: [],
      hostUrls: ['app.voltway.example.com', 'dev.voltway.example.com'],
      brandName: 'Voltway',
      paymentProviderKey: null,
      apiUrl: 'https://api.voltway.example.com/api',
      knowledgeBaseUrl: 'https://help.voltway.example.com',
    });
  });
});

describe('icons and manifests', () => {
  test('every brand has its own SVG icon with its name as the title', () => {
    const icons = BRAND_DEFINITIONS.map((definition) => brandIconSvg(definition.id));
    for (const [index, icon] of icons.entries()) {
      expect(icon).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(icon).toContain(`<title>${BRAND_DEFINITIONS[index]?.name}</title>`);
    }
    expect(brandIconSvg('nope')).toBeUndefined();
  });

  test('the manifest names the brand, its colours and its icon', () => {
    expect(brandManifest('voltway.localhost')).toMatchObject({
      name: 'Voltway',
      short_name: 'Voltway',
      start_url: '/',
      display: 'standalone',
      theme_color: '#1565c0',
      background_color: '#f4f7fb',
      icons: [{ src: '/brand-icon/voltway.svg', type: 'image/svg+xml' }],
    });
    expect(brandManifest('plugpoint.localhost').short_name).toBe('PlugPoint');
  });
});
