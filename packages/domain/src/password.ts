/** zxcvbn's scale: 0 (too guessable) to 4 (very unguessable). spec 001 §9: scale 0 to 4. */
export type PasswordStrength = 0 | 1 | 2 | 3 | 4;
export type PasswordBarColour = 'red' | 'amber' | 'green' | 'grey';

/** spec 001 §9: five bars. */
export const PASSWORD_BAR_COUNT = 5;
/** spec 001 §5: the advice recommends 8 or more characters. */
export const PASSWORD_MIN_LENGTH = 8;
/** The lowest strength accepted; 0–2 are "weak" and rejected (spec 001 §5). */
export const PASSWORD_MIN_STRENGTH: PasswordStrength = 3;

function colourFor(strength: PasswordStrength): PasswordBarColour {
  if (strength <= 1) return 'red';
  if (strength === 2) return 'amber';
  return 'green';
}

/**
 * spec 001 §5: strength 0 or 1 red, 2 amber, 3 or 4 green, unreached bars grey.
 * Bars reached = strength + 1, so even the weakest password lights one red bar and strength 4
 * fills all five.
 */
export function passwordBarColours(strength: PasswordStrength): PasswordBarColour[] {
  const reached = strength + 1;
  const colour = colourFor(strength);
  return Array.from({ length: PASSWORD_BAR_COUNT }, (_, bar) => (bar < reached ? colour : 'grey'));
}

export type PasswordWarningDisplay =
  { kind: 'none' } | { kind: 'single'; text: string } | { kind: 'many'; count: number };

/**
 * spec 001 §5: one warning is shown inline; more than one shows "view N errors". Blank entries
 * (zxcvbn reports an empty warning when it has none) are not warnings.
 */
export function passwordWarningDisplay(warnings: readonly string[]): PasswordWarningDisplay {
  const real = warnings.filter((warning) => warning.trim() !== '');
  const [first] = real;
  if (first === undefined) return { kind: 'none' };
  if (real.length === 1) return { kind: 'single', text: first };
  return { kind: 'many', count: real.length };
}

export function isPasswordStrongEnough(strength: PasswordStrength): boolean {
  return strength >= PASSWORD_MIN_STRENGTH;
}

/** Weak when shorter than the recommended length or below the minimum strength. */
export function isPasswordWeak(password: string, strength: PasswordStrength): boolean {
  return password.length < PASSWORD_MIN_LENGTH || !isPasswordStrongEnough(strength);
}
