import { createSessionRepository } from './modules/auth/session-repository.ts';
import { createChargerRepository } from './modules/chargers/repository.ts';
import { seedDemoChargers } from './modules/chargers/demo-chargers.ts';
import { seedDemoNetwork } from './modules/chargers/demo-network.ts';
import type { Database } from './platform/db/database.ts';
import type { PasswordHasher } from './platform/passwords.ts';
import type { DemoContent } from './platform/config.ts';
import { createReferenceRepository } from './modules/reference/repository.ts';
import { retirePublishedDemoPasswords, seedDemoAccounts } from './modules/users/demo-accounts.ts';
import { createUserRepository } from './modules/users/repository.ts';

/**
 * Idempotent: inserts only what is missing, so every start may run it. Reference data always;
 * of the demo only what `demo` names (config's `demoContent`: nothing in production). Answers
 * how many demo network chargers it added, and which demo accounts left by an earlier start lost
 * their published password.
 */
export async function seed(
  database: Database,
  passwords: PasswordHasher,
  demo: DemoContent,
): Promise<{ demoNetworkChargers: number; retiredDemoAccounts: string[] }> {
  await createReferenceRepository(database.db).seed();
  const users = createUserRepository(database.db);
  const retired = demo.accounts ? [] : await retirePublishedDemoPasswords(users, passwords);
  // Whoever signed in with a published password is signed out as well.
  const sessions = createSessionRepository(database.db);
  for (const account of retired) {
    await sessions.revokeUserSessions(account.id, 'demo password retired', new Date());
  }
  const retiredDemoAccounts = retired.map((account) => account.email);
  if (demo.accounts) await seedDemoAccounts(users, passwords);
  const chargers = createChargerRepository(database.db);
  if (demo.chargers) await seedDemoChargers(chargers, users);
  if (!demo.network) return { demoNetworkChargers: 0, retiredDemoAccounts };
  const operator = await users.findByEmail('operator@example.com');
  return {
    demoNetworkChargers: await seedDemoNetwork(chargers, operator?.id ?? null),
    retiredDemoAccounts,
  };
}
