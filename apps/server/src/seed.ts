import { createChargerRepository } from './modules/chargers/repository.ts';
import { seedDemoChargers } from './modules/chargers/demo-chargers.ts';
import type { Database } from './platform/db/database.ts';
import type { PasswordHasher } from './modules/auth/passwords.ts';
import { createReferenceRepository } from './modules/reference/repository.ts';
import { seedDemoAccounts } from './modules/users/demo-accounts.ts';
import { createUserRepository } from './modules/users/repository.ts';

/** Idempotent: inserts only what is missing, so every start may run it. */
export async function seed(database: Database, passwords: PasswordHasher): Promise<void> {
  await createReferenceRepository(database.db).seed();
  const users = createUserRepository(database.db);
  await seedDemoAccounts(users, passwords);
  await seedDemoChargers(createChargerRepository(database.db), users);
}
