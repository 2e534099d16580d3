import { z } from 'zod';
import { errorCode } from './error-codes.ts';

/**
 * Every failure answers this body (ARCHITECTURE.md, wire conventions). `field` names the input
 * the failure is about, as a dotted path into the request ("user.address.city").
 */
export const errorBody = z.object({
  message: z.string(),
  code: errorCode,
  field: z.string().optional(),
  forcelogout: z.boolean().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** The failure body as a client reads it: a newer server may send a code the client does not know. */
export const errorBodyOfAnyVersion = errorBody.extend({ code: z.string() });

/** Every success answers `{ data }`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ data });
}

export const emptyRequest = z.object({}).strict();
export const noBody = z.undefined();
export const okTrue = z.literal(true);
