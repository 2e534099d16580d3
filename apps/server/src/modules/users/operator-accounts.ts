import { and, arrayContains, isNull, notInArray } from 'drizzle-orm';
import { normaliseLoginName } from '@evc/domain';
import { z } from 'zod';
import type { Db } from '../../platform/db/database.ts';
import { newId } from '../../platform/crypto.ts';
import { users } from '../../platform/db/schema.ts';
import { isWeakPassword, type PasswordHasher } from '../../platform/passwords.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { uniqueHrCode } from './hr-code.ts';
import { createUserRepository } from './repository.ts';

/** A reason the account was not created, worded for the person creating it. */
export class OperatorAccountError extends Error {}

export interface NewOperator {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  /** operator by default; support staff use the console only (issue 18). */
  role?: 'operator' | 'support';
}

const emailAddress = z.email();

/** Whether a live operator account exists other than the demo's (whose password was published). */
export async function hasOperator(db: Db): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        arrayContains(users.roles, ['operator']),
        isNull(users.deletedAt),
        notInArray(
          users.email,
          DEMO_ACCOUNTS.map((account) => account.email),
        ),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * Creates a confirmed operator (or, with role 'support', support staff) account (production has none until one is created this way).
 * The password follows the app's rule for "weak" (spec 001 §5) and is never echoed back.
 */
export async function createOperatorAccount(
  db: Db,
  passwords: PasswordHasher,
  operator: NewOperator,
): Promise<{ id: string; email: string }> {
  const email = normaliseLoginName(operator.email);
  if (!emailAddress.safeParse(email).success) {
    throw new OperatorAccountError(`Not an e-mail address: ${email}`);
  }
  const published = DEMO_ACCOUNTS.some((account) => account.password === operator.password);
  const guessable = [email, operator.firstName ?? '', operator.lastName ?? ''];
  if (published || (await isWeakPassword(operator.password, guessable))) {
    throw new OperatorAccountError(
      'The password is too weak: use at least 8 characters that are hard to guess (a few unrelated words, say)',
    );
  }
  const accounts = createUserRepository(db);
  if (await accounts.findByEmail(email)) {
    throw new OperatorAccountError(`An account with the e-mail address ${email} already exists`);
  }
  const id = newId();
  const now = new Date();
  await accounts.insert({
    id,
    email,
    passwordHash: await passwords.hash(operator.password),
    firstName: operator.firstName ?? (operator.role === 'support' ? 'Support' : 'Operator'),
    lastName: operator.lastName ?? '',
    hrCode: await uniqueHrCode((code) => accounts.isHrCodeTaken(code)),
    // Runs the network and acts as support; charging is a driver's account's business.
    roles: [operator.role ?? 'operator'],
    // Staff need a second factor for the console: support sets one up at first sign-in.
    mfaRequired: operator.role === 'support',
    languageCode: 'en',
    currencyCode: 'GBP',
    countryCode: 'GB',
    emailPrefs: {
      credit_low_alert: { enabled: false, threshold: 0 },
      charge_finished_alert: { enabled: false, threshold: 0 },
    },
    confirmedAt: now,
  });
  return { id, email };
}

/**
 * OPERATOR_EMAIL and OPERATOR_PASSWORD at start: creates that operator when there is none yet,
 * and is ignored once one exists. Answers the account created, if any.
 */
export async function createFirstOperator(
  db: Db,
  passwords: PasswordHasher,
  operator: NewOperator | undefined,
): Promise<{ id: string; email: string } | undefined> {
  if (!operator || (await hasOperator(db))) return undefined;
  return createOperatorAccount(db, passwords, operator);
}
