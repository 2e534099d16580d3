import {
  createHash,
  createHmac,
  randomBytes,
  randomInt,
  randomUUID,
  timingSafeEqual,
} from 'node:crypto';

/** 32 random bytes, base64url: refresh tokens and mailed link tokens. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

export const newId = (): string => randomUUID();

export const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');

/** Keyed hash for short secrets (6-digit codes) that a plain hash would not protect. */
export const hmacHex = (key: string, text: string): string =>
  createHmac('sha256', key).update(text).digest('hex');

/** Six digits, leading zeros kept. */
export const randomSixDigits = (): string => randomInt(0, 1_000_000).toString().padStart(6, '0');

/** Compares two hex digests without leaking, through timing, how much of them matched. */
export function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
