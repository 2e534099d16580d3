import { z } from 'zod';

/** Every failure answers this body (ARCHITECTURE.md, wire conventions). */
export const errorBody = z.object({
  message: z.string(),
  code: z.string(),
  forcelogout: z.boolean().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** Every success answers `{ data }`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ data });
}

export const emptyRequest = z.object({}).strict();
export const noBody = z.undefined();
export const okTrue = z.literal(true);
