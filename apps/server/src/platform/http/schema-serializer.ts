import fastJson from 'fast-json-stringify';
import { z } from 'zod';
import { envelope } from '@evc/contract';

type JsonSchema = Record<string, unknown>;

/**
 * OpenAPI 3.0's bounds (`exclusiveMinimum: true` beside `minimum`) in the form of the JSON Schema
 * draft fast-json-stringify reads (`exclusiveMinimum: <bound>`). Its `nullable` is kept: the
 * serialiser writes a null for it without trying the value against each branch of a union.
 */
function asDraft7(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(asDraft7);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) out[key] = asDraft7(value);
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof out[flag] !== 'boolean') continue;
    if (out[flag]) {
      out[flag] = out[bound];
      delete out[bound];
    } else {
      delete out[flag];
    }
  }
  return out;
}

/**
 * Writes a call's `{ data }` answer from the JSON form of its contract schema (ADR 0035), as
 * zod's encode then JSON.stringify wrote it: the schema's properties in the schema's order,
 * anything else left out. Unlike zod it does not check the answer: a handler answers its
 * contract's type, and the tests hold the two serialisers to the same bytes.
 */
export function schemaSerializer(response: z.ZodType): (data: unknown) => string {
  const schema = z.toJSONSchema(envelope(response), {
    target: 'openapi-3.0',
    io: 'output',
    unrepresentable: 'throw',
  });
  return fastJson(asDraft7(schema) as Parameters<typeof fastJson>[0]);
}
