import { newId, randomToken } from '../../platform/crypto.ts';
import type { PasswordHasher } from '../../platform/passwords.ts';
import { uniqueHrCode } from './hr-code.ts';
import type { UserRepository } from './repository.ts';

export interface DemoAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  roles: string[];
  mfaRequired: boolean;
  what: string;
}

/** Listed in the README and printed at start-up. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'driver@example.com',
    password: 'Driver-pass-2026',
    firstName: 'Dana',
    lastName: 'Driver',
    roles: ['driver'],
    mfaRequired: false,
    what: 'driver',
  },
  {
    email: 'operator@example.com',
    password: 'Operator-pass-2026',
    firstName: 'Olu',
    lastName: 'Operator',
    roles: ['driver', 'operator'],
    mfaRequired: false,
    what: 'operator (provisions chargers, acts as support)',
  },
  {
    email: 'mfa@example.com',
    password: 'Mfa-pass-2026',
    firstName: 'Morgan',
    lastName: 'Factor',
    roles: ['driver'],
    mfaRequired: true,
    what: 'driver who must set up multi-factor authentication at first sign-in',
  },
  {
    email: 'support@example.com',
    password: 'Support-pass-2026',
    firstName: 'Sam',
    lastName: 'Support',
    roles: ['support'],
    mfaRequired: true,
    what: 'support staff (the console; sets up multi-factor authentication at first sign-in)',
  },
];

/** Creates the demo accounts that do not exist yet; existing ones are left as their users left them. */
export async function seedDemoAccounts(
  users: UserRepository,
  passwords: PasswordHasher,
): Promise<void> {
  for (const account of DEMO_ACCOUNTS) {
    if (await users.findByEmail(account.email)) continue;
    await users.insert({
      id: newId(),
      email: account.email,
      passwordHash: await passwords.hash(account.password),
      firstName: account.firstName,
      lastName: account.lastName,
      hrCode: await uniqueHrCode((code) => users.isHrCodeTaken(code)),
      roles: account.roles,
      languageCode: 'en',
      currencyCode: 'GBP',
      phoneNumber: '+44 7700 900123',
      addressLine1: '12 Charging Lane',
      addressLine2: '',
      addressCity: 'London',
      addressPostcode: 'SW1A 2AA',
      countryCode: 'GB',
      emailPrefs: {
        credit_low_alert: { enabled: false, threshold: 0 },
        charge_finished_alert: { enabled: false, threshold: 0 },
      },
      mfaRequired: account.mfaRequired,
      confirmedAt: new Date(),
      acceptedTermsAt: new Date(),
      acceptedPrivacyAt: new Date(),
    });
  }
}

/**
 * Where the demo is not shipped (production), a demo account left by an earlier start must not
 * sign in with its published password: that password is replaced by a random one nobody knows.
 * Answers the accounts changed.
 */
export async function retirePublishedDemoPasswords(
  users: UserRepository,
  passwords: PasswordHasher,
): Promise<{ id: string; email: string }[]> {
  const retired: { id: string; email: string }[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const user = await users.findByEmail(account.email);
    if (!user || !(await passwords.verify(user.passwordHash, account.password))) continue;
    await users.update(user.id, { passwordHash: await passwords.hash(randomToken()) });
    retired.push({ id: user.id, email: account.email });
  }
  return retired;
}
