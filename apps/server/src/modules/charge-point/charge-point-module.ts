import type { Bus } from '../../platform/bus/bus.ts';
import type { Db } from '../../platform/db/database.ts';
import { createChargerCommands, type ChargerOwnerOf } from './charger-commands.ts';
import { createTransactionLedger } from './transaction-ledger.ts';

/** What the platform says to chargers and keeps of their transactions; it serves no call itself. */
export function createChargePointModule(deps: {
  db: Db;
  bus: Bus;
  /** Which node a charger's commands go to (ADR 0031). */
  ownerOf: ChargerOwnerOf;
  commandTimeoutMs?: number;
}) {
  return {
    commands: createChargerCommands(deps, deps.commandTimeoutMs),
    transactions: createTransactionLedger(deps.db),
  };
}
