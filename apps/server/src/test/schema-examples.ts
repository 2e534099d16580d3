import fc from 'fast-check';
import { z } from 'zod';

type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'object' | 'array';

/** The JSON Schema subset zod writes for our request and response schemas. */
interface JsonSchema {
  type?: JsonType | JsonType[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

// Words that fit the fields with a shape a generator cannot read from the schema (refinements:
// a currency code, a card number); the examples keep those the schema then accepts.
const WORDS = ['GBP', 'EUR', 'GB', 'en', '04A21B9C', '4242 4242 4242 4242', 'Driver-pass-2026'];

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 40, minLength + 40);
  const fits = (value: string) => value.length >= minLength && value.length <= maxLength;
  if (schema.format === 'date-time') {
    return fc
      .date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
      .map((date) => date.toISOString());
  }
  if (schema.format === 'email') return fc.constantFrom('someone@example.com', 'a.b@example.org');
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  const words = WORDS.filter(fits);
  const anyText = fc.string({ minLength, maxLength });
  return words.length > 0 ? fc.oneof(fc.constantFrom(...words), anyText) : anyText;
}

function numberOf(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const low = schema.minimum ?? schema.exclusiveMinimum ?? -1e6;
  const high = schema.maximum ?? schema.exclusiveMaximum ?? 1e6;
  const min = Math.max(low, -1e9);
  const max = Math.min(high, 1e9);
  const step = schema.multipleOf;
  if (integer || step) {
    const unit = step ?? 1;
    return fc
      .integer({ min: Math.ceil(min / unit), max: Math.floor(max / unit) })
      .map((count) => Number((count * unit).toFixed(10)))
      .filter((value) => value !== schema.exclusiveMinimum && value !== schema.exclusiveMaximum);
  }
  return fc.double({
    min,
    max,
    minExcluded: schema.exclusiveMinimum !== undefined,
    maxExcluded: schema.exclusiveMaximum !== undefined,
    noNaN: true,
    noDefaultInfinity: true,
  });
}

function arbitraryOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map(arbitraryOf));
  if (schema.allOf?.[0]) return arbitraryOf(schema.allOf[0]);
  // A nullable field of an answer: `type: ['string', 'null']`.
  if (Array.isArray(schema.type)) {
    return fc.oneof(...schema.type.map((type) => arbitraryOf({ ...schema, type })));
  }
  switch (schema.type) {
    case 'string':
      return stringOf(schema);
    case 'number':
      return numberOf(schema, false);
    case 'integer':
      return numberOf(schema, true);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (schema.prefixItems) return fc.tuple(...schema.prefixItems.map(arbitraryOf));
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.min(schema.maxItems ?? minLength + 3, minLength + 3);
      return fc.array(arbitraryOf(schema.items ?? {}), { minLength, maxLength });
    }
    case 'object': {
      const properties = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, arbitraryOf(value)]),
      );
      return fc.record(properties, { requiredKeys: schema.required ?? [] });
    }
    case undefined:
      return fc.constant(undefined);
  }
}

/**
 * Up to `count` values the schema accepts, as a caller would send them (before defaults and
 * transforms), generated from the schema itself so that a new call needs no list of its own.
 * A schema whose refinements none of the candidates meet answers the candidates anyway: each is
 * still the right shape, field by field.
 */
export function schemaExamples(schema: z.ZodType, count = 6, seed = 2026): unknown[] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const candidates = fc.sample(arbitraryOf(json), { numRuns: 400, seed });
  const valid = candidates.filter((candidate) => schema.safeParse(candidate).success);
  return (valid.length > 0 ? valid : candidates).slice(0, count);
}
