import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { calls, envelope, type CallName } from '@evc/contract';
import { schemaExamples } from '../../test/schema-examples.ts';
import { schemaSerializer } from './schema-serializer.ts';

const HOT_CALLS: CallName[] = [
  'userdata',
  'getChargerByBarcode',
  'getTransactionByID',
  'getChargeHistory',
];

/** What the registrar wrote before: zod's encode of the `{ data }` answer, then JSON.stringify. */
const zodWritten = (response: z.ZodType, data: unknown) =>
  JSON.stringify(z.encode(envelope(response), { data }));

/** The same value with a field the contract does not name on every object in it. */
function withStrayFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withStrayFields);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries([
    ...Object.entries(value).map(([key, field]) => [key, withStrayFields(field)]),
    ['strayField', 'not in the contract'],
  ]);
}

describe('answers written from their schema are the bytes zod wrote', () => {
  test.each(HOT_CALLS)('%s', (name) => {
    const { response } = calls[name];
    const write = schemaSerializer(response);
    // Answers as a handler gives them: the contract's output type (defaults filled in).
    const examples = schemaExamples(response, 12).flatMap((example) => {
      const parsed = response.safeParse(example);
      return parsed.success ? [parsed.data] : [];
    });
    expect(examples.length).toBeGreaterThan(0);
    for (const example of examples) {
      expect(write({ data: example })).toBe(zodWritten(response, example));
      expect(write({ data: withStrayFields(example) })).toBe(zodWritten(response, example));
    }
  });
});
