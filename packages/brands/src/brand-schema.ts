import { z } from 'zod';
import { areDistinctColours, DISTINCT_COLOUR_DIFFERENCE, SUPPORTED_LANGUAGES } from '@evc/domain';

const hexColour = z.string().regex(/^#[0-9a-f]{6}$/i, 'a #rrggbb colour');
const httpsUrl = z.url({ protocol: /^https$/ });
/** A service the app calls directly; plain http allowed so a local or test one can stand in. */
const serviceUrl = z.url({ protocol: /^https?$/ });

/** spec 000 §7: a public Nominatim-compatible geocoder, used unless a brand names its own. */
export const DEFAULT_GEOCODER_URL = 'https://nominatim.openstreetmap.org/search';

/** How a brand's icon is drawn; `icon.ts` renders it to SVG. */
export const iconDesignSchema = z.object({
  shape: z.enum(['circle', 'rounded-square', 'hexagon', 'shield']),
  background: hexColour,
  foreground: hexColour,
  glyph: z.enum(['bolt', 'plug', 'leaf', 'wave', 'sun', 'drop']),
});

/**
 * CSS custom properties the app sets on the document: the Ionic colours, the page background and
 * any further `--ion-*` / `--evc-*` variable (e.g. `--evc-toolbar-background`).
 */
export const brandStylesSchema = z
  .object({
    '--ion-color-primary': hexColour,
    '--ion-color-secondary': hexColour,
    '--ion-color-tertiary': hexColour,
    '--ion-background-color': hexColour,
    /** Issue 19: what stops and deletes, a colour of its own beside the brand's (Stop charging). */
    '--ion-color-danger': hexColour,
  })
  .catchall(z.string().min(1))
  .superRefine((styles, context) => {
    const danger = styles['--ion-color-danger'];
    const primary = styles['--ion-color-primary'];
    // A colour that is not #rrggbb has its own issue already.
    const bothColours = [danger, primary].every((value) => hexColour.safeParse(value).success);
    if (bothColours && !areDistinctColours(danger, primary)) {
      context.addIssue({
        code: 'custom',
        path: ['--ion-color-danger'],
        message: `too close to --ion-color-primary (colour difference under ${DISTINCT_COLOUR_DIFFERENCE})`,
      });
    }
    for (const name of Object.keys(styles)) {
      if (!/^--(ion|evc)-[a-z0-9-]+$/.test(name)) {
        context.addIssue({
          code: 'custom',
          path: [name],
          message: 'not an --ion-* or --evc-* variable',
        });
      }
    }
  });

/**
 * One brand (spec 001 §1): name, icon, style sheet, production and optional development API
 * address, optional support e-mail, URL fragments, web domain, optional knowledge-base link,
 * a payment-provider key slot, default currency and country.
 */
export const brandSchema = z.object({
  id: z.string().regex(/^[a-z][a-z0-9-]*$/, 'lower-case letters, digits and dashes'),
  name: z.string().min(2),
  icon: iconDesignSchema,
  styles: brandStylesSchema,
  api: z.object({ production: httpsUrl, development: httpsUrl.optional() }),
  supportEmail: z.email().optional(),
  urlFragments: z.array(z.string().regex(/^[a-z0-9-]+$/)).min(1),
  webDomain: z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, 'a host name'),
  knowledgeBaseUrl: httpsUrl.optional(),
  howToVideoUrl: httpsUrl.optional(),
  /** Stripe publishable key; null until the operator configures one (the app then uses the sandbox). */
  paymentProviderKey: z
    .string()
    .regex(/^pk_(test|live)_\w+$/)
    .nullable(),
  defaultCurrency: z.string().regex(/^[A-Z]{3}$/),
  defaultCountry: z.string().regex(/^[A-Z]{2}$/),
  /** Issue 19: the language a first start opens in, before the driver picks one (spec 000 §3). */
  defaultLanguage: z.enum(SUPPORTED_LANGUAGES).optional(),
  /**
   * The Apple Pay merchant identifier of the brand's iOS app (spec 000 §9: a configuration key,
   * not reproduced); absent, the iOS app offers no Apple Pay.
   */
  applePayMerchantId: z
    .string()
    .regex(/^merchant\.[A-Za-z0-9.-]+$/, 'merchant.<reverse domain>')
    .optional(),
  /**
   * MapLibre style of the brand's own tile server for the find-charger map; absent (and whenever
   * it cannot load) the map draws the built-in base map shipped with the app (ADR 0041).
   */
  mapStyleUrl: serviceUrl.optional(),
  /** Nominatim-compatible search endpoint for place names and postcodes. */
  geocoderUrl: serviceUrl.default(DEFAULT_GEOCODER_URL),
});

export type BrandDefinition = z.infer<typeof brandSchema>;
export type IconDesign = z.infer<typeof iconDesignSchema>;
export type BrandStyles = z.infer<typeof brandStylesSchema>;

/** Validates a brand file when it is loaded; a wrong file stops the build and the tests. */
export function defineBrand(definition: z.input<typeof brandSchema>): BrandDefinition {
  const parsed = brandSchema.safeParse(definition);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`brand ${definition.id}: ${issue?.path.join('.')}: ${issue?.message}`);
  }
  return parsed.data;
}
