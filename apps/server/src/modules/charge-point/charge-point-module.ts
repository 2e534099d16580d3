import type { Bus } from '../../platform/bus/bus.ts';
import type { Db } from '../../platform/db/database.ts';
import type { CommandObserver } from '../../platform/metrics/observers.ts';
import { createChargerCommands, type ChargerOwnerOf } from './charger-commands.ts';
import { createTransactionLedger } from './transaction-ledger.ts';

/** What the platform says to chargers and keeps of their transactions; it serves no call itself. */
export function createChargePointModule(deps: {
  db: Db;
  bus: Bus;
  /** Which node a charger's commands go to (ADR 0031). */
  ownerOf: ChargerOwnerOf;
  commandTimeoutMs?: number;
  /** Times each command's round trip (metrics on). */
  observeCommand?: CommandObserver;
}) {
  return {
    commands: createChargerCommands(deps, deps.commandTimeoutMs),
    transactions: createTransactionLedger(deps.db),
  };
}
