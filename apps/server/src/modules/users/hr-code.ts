import { randomInt } from 'node:crypto';

// No 0/O, 1/I/L: a code read out over the phone to support must not be misheard.
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** A short human-readable code support can ask for, e.g. 'HR-7K3P9Q'. */
export function randomHrCode(): string {
  let code = '';
  for (let index = 0; index < 6; index += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return `HR-${code}`;
}

export async function uniqueHrCode(isTaken: (code: string) => Promise<boolean>): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const code = randomHrCode();
    if (!(await isTaken(code))) return code;
  }
  throw new Error('Could not find a free HR code');
}
