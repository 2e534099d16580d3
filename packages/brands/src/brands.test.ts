import { describe, expect, test } from 'vitest';
import { colourDifference, DISTINCT_COLOUR_DIFFERENCE, HOST_FEATURES } from '@evc/domain';
import {
  allBrands,
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
    expect(allBrands).toHaveLength(15);
  });

  test('every brand file passes the schema', () => {
    for (const definition of allBrands)
      expect(brandSchema.safeParse(definition).success).toBe(true);
  });

  test('ids and URL fragments are unique', () => {
    const ids = allBrands.map((definition) => definition.id);
    expect(new Set(ids).size).toBe(ids.length);
    const fragments = allBrands.flatMap((definition) => definition.urlFragments);
    expect(new Set(fragments).size).toBe(fragments.length);
  });

  test('two brands, an EEA and a base variant, share a brand name, with default currency AED and country AE', () => {
    const names = allBrands.map((definition) => definition.name);
    const sharedNames = new Set(names.filter((name, index) => names.indexOf(name) !== index));
    const shared = [...sharedNames].map((name) =>
      allBrands.filter((definition) => definition.name === name),
    );
    expect(shared).toHaveLength(1);
    const [pair] = shared;
    expect(pair?.map((definition) => definition.id).sort()).toEqual(['oasis-ev', 'oasis-ev-eea']);
    for (const definition of pair ?? []) {
      expect(definition.defaultCurrency).toBe('AED');
      expect(definition.defaultCountry).toBe('AE');
    }
  });

  test.each(allBrands.map((definition) => [definition.id, definition] as const))(
    "%s's danger colour differs enough from its brand colour (issue 19)",
    (_, definition) => {
      const { '--ion-color-danger': danger, '--ion-color-primary': primary } = definition.styles;
      expect(colourDifference(danger, primary)).toBeGreaterThanOrEqual(DISTINCT_COLOUR_DIFFERENCE);
    },
  );

  test('a brand file with a danger colour too close to its brand colour is refused', () => {
    const [first] = allBrands;
    expect(() =>
      defineBrand({
        ...first!,
        styles: {
          ...first!.styles,
          '--ion-color-primary': '#c62828',
          '--ion-color-danger': '#c5000f',
        },
      }),
    ).toThrow(/styles.--ion-color-danger: too close to --ion-color-primary/);
  });

  test('Gwefru Cymru opens in Welsh; a brand without a language leaves it to the device', () => {
    expect(allBrands.find((definition) => definition.id === 'gwefru-cymru')?.defaultLanguage).toBe(
      'cy',
    );
    expect(resolveBrand('gwefru.localhost').brand.defaultLanguage).toBe('cy');
    expect(resolveBrand('localhost').brand.defaultLanguage).toBeUndefined();
  });

  test('the default brand is the generic EV Charge', () => {
    expect(resolveBrand('localhost').brand.name).toBe('EV Charge');
    expect(resolveBrand('localhost').brand.id).toBe(DEFAULT_BRAND_ID);
  });

  test('a brand file with a wrong field is refused, naming the field', () => {
    const [first] = allBrands;
    expect(() =>
      defineBrand({ ...first!, styles: { ...first!.styles, '--ion-color-primary': 'blue' } }),
    ).toThrow(/styles.--ion-color-primary/);
    expect(() => defineBrand({ ...first!, defaultCurrency: 'pounds' })).toThrow(/defaultCurrency/);
    expect(() => defineBrand({ ...first!, styles: { ...first!.styles, color: 'red' } })).toThrow(
      /styles.color/,
    );
    expect(() => defineBrand({ ...first!, applePayMerchantId: 'com.example.app' })).toThrow(
      /applePayMerchantId/,
    );
  });

  test('an Apple Pay merchant identifier is kept when configured; no brand file ships one', () => {
    const [first] = allBrands;
    const withMerchant = defineBrand({ ...first!, applePayMerchantId: 'merchant.com.example.ev' });
    expect(withMerchant.applePayMerchantId).toBe('merchant.com.example.ev');
    // spec 000 §9: the wallet merchant identifier is configuration, not shipped in the brand files.
    expect(allBrands.filter((definition) => definition.applePayMerchantId)).toEqual([]);
    expect(resolveBrand('localhost').brand).not.toHaveProperty('applePayMerchantId');
  });

  test('some brands carry a knowledge-base link and a support e-mail, others not', () => {
    expect(allBrands.some((definition) => definition.knowledgeBaseUrl)).toBe(true);
    expect(allBrands.some((definition) => !definition.knowledgeBaseUrl)).toBe(true);
    expect(allBrands.some((definition) => !definition.supportEmail)).toBe(true);
  });
});

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const value = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(value >> 16) & 255, (value >> 8) & 255, value & 255].map((channel) => {
    const s = channel / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
};

describe('brand colours', () => {
  test.each(allBrands.map((definition) => [definition.id, definition.styles] as const))(
    '%s: text on each brand colour and the primary colour on the page reach 4.5:1',
    (_id, styles) => {
      for (const name of ['--ion-color-primary', '--ion-color-secondary', '--ion-color-tertiary']) {
        const colour = styles[name]!;
        // The app writes black on colours lighter than luminance 0.45, white on the others.
        const text = luminance(colour) > 0.45 ? '#000000' : '#ffffff';
        expect(contrast(colour, text), name).toBeGreaterThanOrEqual(4.5);
      }
      expect(
        contrast(styles['--ion-color-primary'], styles['--ion-background-color']),
      ).toBeGreaterThanOrEqual(4.5);
    },
  );

  test('brands with their own name have their own primary colour', () => {
    const primaryByName = new Map(
      allBrands.map((definition) => [definition.name, definition.styles['--ion-color-primary']]),
    );
    expect(new Set(primaryByName.values()).size).toBe(primaryByName.size);
  });
});

describe('host configuration', () => {
  test('every entry names a known brand and only the five named features', () => {
    const ids = new Set(allBrands.map((definition) => definition.id));
    for (const entry of HOST_CONFIG) {
      expect(ids.has(entry.brandId)).toBe(true);
      for (const feature of [...entry.enabledFeatures, ...entry.disabledFeatures]) {
        expect(HOST_FEATURES).toContain(feature);
      }
    }
  });

  test('each brand web domain is a production host of that brand', () => {
    for (const definition of allBrands) {
      const { brand } = resolveBrand(definition.webDomain);
      expect(brand.id).toBe(definition.id);
      expect(brand.apiUrl).toBe(definition.api.production);
    }
  });

  test('a host enabling the knowledge base or the how-to video has the address to open', () => {
    for (const entry of HOST_CONFIG) {
      const { brand } = resolveBrand(entry.host);
      if (entry.enabledFeatures.includes('KNOWLEDGE_BASE'))
        expect(brand.knowledgeBaseUrl).toBeTruthy();
      if (entry.enabledFeatures.includes('HOW_TO_VIDEO')) expect(brand.howToVideoUrl).toBeTruthy();
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
    ['[::1]:5173', 'evcharge', undefined],
    ['::1', 'evcharge', undefined],
    ['127.0.0.1:8080', 'evcharge', undefined],
    ['voltway.greenmile.localhost', 'voltway', undefined],
    ['app.voltway.example.com.', 'voltway', 'https://api.voltway.example.com/api'],
    ['app.voltway.example.org', 'voltway', undefined],
    ['voltwayish.localhost', 'evcharge', undefined],
    ['unknown.example.net', 'evcharge', undefined],
    // spec 000 §4: the support masquerade's host is the brand of the host behind the prefix.
    ['support-masquerade.localhost:8080', 'evcharge', undefined],
    ['support-masquerade.voltway.localhost:8080', 'voltway', undefined],
    ['Support-Masquerade.gwefru.localhost', 'gwefru-cymru', undefined],
    [
      'support-masquerade.app.voltway.example.com',
      'voltway',
      'https://api.voltway.example.com/api',
    ],
    [
      'support-masquerade.eu.oasisev.example.com',
      'oasis-ev-eea',
      'https://api.oasisev.example.com/api',
    ],
    [
      'support-masquerade.dev.voltway.example.com',
      'voltway',
      'https://api-dev.voltway.example.com/api',
    ],
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
    const icons = allBrands.map((definition) => brandIconSvg(definition.id));
    for (const [index, icon] of icons.entries()) {
      expect(icon).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(icon).toContain(`<title>${allBrands[index]?.name}</title>`);
    }
    expect(brandIconSvg('nope')).toBeUndefined();
  });

  test('brands with their own name have an icon of their own shape and sign', () => {
    const designByName = new Map(
      allBrands.map((definition) => [
        definition.name,
        `${definition.icon.shape} ${definition.icon.glyph}`,
      ]),
    );
    expect(new Set(designByName.values()).size).toBe(designByName.size);
  });

  test('the manifest names the brand, its colours and its icon', () => {
    expect(brandManifest('voltway.localhost')).toMatchObject({
      name: 'Voltway',
      short_name: 'Voltway',
      start_url: '/',
      display: 'standalone',
      theme_color: '#1565c0',
      background_color: '#f4f7fb',
      icons: [
        {
          src: '/brand-icon/voltway.svg',
          sizes: 'any',
          type: 'image/svg+xml',
          purpose: 'any maskable',
        },
      ],
    });
    expect(brandManifest('localhost')).toMatchObject({
      name: 'EV Charge',
      theme_color: '#00875a',
      icons: [{ src: '/brand-icon/evcharge.svg' }],
    });
    expect(brandManifest('plugpoint.localhost').short_name).toBe('PlugPoint');
  });
});
