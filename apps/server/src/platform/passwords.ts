import { hash, verify } from '@node-rs/argon2';
import type { Algorithm, Options } from '@node-rs/argon2';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { isPasswordWeak } from '@evc/domain';

export interface Argon2Cost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** OWASP password storage cheat sheet: argon2id, 19 MiB, 2 iterations, 1 lane. */
export const OWASP_ARGON2_COST: Argon2Cost = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

// Algorithm is an ambient const enum, which verbatimModuleSyntax cannot read; Argon2id is 2.
const ARGON2ID: Algorithm = 2;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hashed: string, password: string): Promise<boolean>;
  /** Spends the same effort as a real check; used when the account does not exist. */
  verifyNothing(password: string): Promise<void>;
}

export function createPasswordHasher(cost: Argon2Cost = OWASP_ARGON2_COST): PasswordHasher {
  const options: Options = { algorithm: ARGON2ID, ...cost };
  let decoy: Promise<string> | undefined;
  return {
    hash: (password) => hash(password, options),
    verify: async (hashed, password) => {
      try {
        return await verify(hashed, password);
      } catch {
        return false;
      }
    },
    verifyNothing: async (password) => {
      decoy ??= hash('decoy password that matches nothing', options);
      await verify(await decoy, password);
    },
  };
}

let strengthChecker: Promise<ZxcvbnFactory> | undefined;

/**
 * The dictionaries of the strength check are a third of an idle node's heap (ADR 0032): they are
 * loaded when a password is first judged (a registration, a reset, a change, a new operator), not
 * at start, so a node that only serves chargers and sign-ins never holds them.
 */
function loadStrengthChecker(): Promise<ZxcvbnFactory> {
  strengthChecker ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]).then(
    ([core, common, en]) =>
      new core.ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...en.dictionary },
        graphs: common.adjacencyGraphs,
        translations: en.translations,
      }),
  );
  return strengthChecker;
}

/** The same judgement as the app's password panel (spec 001 §5), so both agree on "weak". */
export async function isWeakPassword(
  password: string,
  userInputs: readonly string[] = [],
): Promise<boolean> {
  const strength = (await loadStrengthChecker()).check(password, [...userInputs]).score;
  return isPasswordWeak(password, strength);
}
