import { RPCPropertyConstraintViolationError } from 'ocpp-rpc/lib/errors';
import standardValidators from 'ocpp-rpc/lib/standard-validators';
import { Validator } from 'ocpp-rpc/lib/validator';

import { isStorableText, UNSTORABLE_TEXT_MESSAGE } from '@evc/domain';

const unstorable = (text: string) => !isStorableText(text);

/** The path of the first string in `value` (a key or a value) holding such a character, else null. */
export function unstorableStringField(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return unstorable(value) ? path || '(message)' : null;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
    if (unstorable(key)) return itemPath;
    const found = unstorableStringField(item, itemPath);
    if (found !== null) return found;
  }
  return null;
}

const standard = standardValidators.find((validator) => validator.subprotocol === 'ocpp1.6');
if (!standard) throw new Error('ocpp-rpc has no OCPP 1.6 schemas');

/**
 * OCPP 1.6J's schemas, and then no string a database cannot store: every message either way,
 * checked before any handler sees it (a CALLERROR PropertyConstraintViolation naming the field).
 */
class Ocpp16Validator extends Validator {
  override validate(schemaId: string, params: unknown) {
    const valid = super.validate(schemaId, params);
    const field = unstorableStringField(params);
    if (field !== null) {
      throw new RPCPropertyConstraintViolationError(`${field}: ${UNSTORABLE_TEXT_MESSAGE}`);
    }
    return valid;
  }
}

export const ocpp16Validator = new Ocpp16Validator(standard.subprotocol, standard._ajv);
