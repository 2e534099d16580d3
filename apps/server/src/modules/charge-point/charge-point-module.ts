import type { Bus } from '../../platform/bus/bus.ts';
import type { Db } from '../../platform/db/database.ts';
import { createChargerCommands } from './charger-commands.ts';
import { createTransactionLedger } from './transaction-ledger.ts';

/** What the platform says to chargers and keeps of their transactions; it serves no call itself. */
export function createChargePointModule(deps: { db: Db; bus: Bus; commandTimeoutMs?: number }) {
  return {
    commands: createChargerCommands(deps.bus, deps.commandTimeoutMs),
    transactions: createTransactionLedger(deps.db),
  };
}
