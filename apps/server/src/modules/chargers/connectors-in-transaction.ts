import type { TransactionLedger } from '../charge-point/transaction-ledger.ts';
import type { ChargerWithConnectors } from './repository.ts';

/** The numbers of a charger's connectors on which a transaction runs, whoever's. */
export type ConnectorsInTransaction = (
  found: ChargerWithConnectors,
) => Promise<ReadonlySet<number>>;

/** Asks the ledger once for the charger's connectors that run a transaction. */
export function connectorsInTransactionOf(
  ledger: Pick<TransactionLedger, 'runningConnectors'>,
): ConnectorsInTransaction {
  return async ({ charger, connectors }) => {
    const running = await ledger.runningConnectors(charger.id);
    return new Set(
      connectors
        .map((connector) => connector.connectorNumber)
        .filter((number) => number !== 0 && running.has(number)),
    );
  };
}
/** Nothing known to run: for views of a charger no driver charges at from them (operator's). */
export const noneInTransaction: ReadonlySet<number> = new Set();
