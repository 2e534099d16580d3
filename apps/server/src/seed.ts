import { createChargerRepository } from './modules/chargers/repository.ts';
import { seedDemoChargers } from './modules/chargers/demo-chargers.ts';
import { seedDemoNetwork } from './modules/chargers/demo-network.ts';
import type { Database } from './platform/db/database.ts';
import type { PasswordHasher } from './modules/auth/passwords.ts';
import { createReferenceRepository } from './modules/reference/repository.ts';
import { seedDemoAccounts } from './modules/users/demo-accounts.ts';
import { createUserRepository } from './modules/users/repository.ts';

export interface SeedOptions {
  /**
   * Also the demo network's few thousand public chargers across UK towns (main: with the demo
   * chargers, so not in production by default). Tests leave it out: they provision their own.
   */
  demoNetwork?: boolean;
}

/** Idempotent: inserts only what is missing, so every start may run it. Answers what it added. */
export async function seed(
  database: Database,
  passwords: PasswordHasher,
  options: SeedOptions = {},
): Promise<{ demoNetworkChargers: number }> {
  await createReferenceRepository(database.db).seed();
  const users = createUserRepository(database.db);
  await seedDemoAccounts(users, passwords);
  const chargers = createChargerRepository(database.db);
  await seedDemoChargers(chargers, users);
  if (!options.demoNetwork) return { demoNetworkChargers: 0 };
  const operator = await users.findByEmail('operator@example.com');
  return { demoNetworkChargers: await seedDemoNetwork(chargers, operator?.id ?? null) };
}
