import type { TransactionLedger } from '../charge-point/transaction-ledger.ts';
import type { ChargerWithConnectors } from './repository.ts';

/** The numbers of a charger's connectors on which a transaction runs, whoever's. */
export type ConnectorsInTransaction = (
  found: ChargerWithConnectors,
) => Promise<ReadonlySet<number>>;

/** Asks the ledger, connector by connector (a charger has a handful). */
export function connectorsInTransactionOf(
  ledger: Pick<TransactionLedger, 'ongoing'>,
): ConnectorsInTransaction {
  return async ({ charger, connectors }) => {
    const running = await Promise.all(
      connectors
        .filter((connector) => connector.connectorNumber !== 0)
        .map(async (connector) =>
          (await ledger.ongoing(charger.id, connector.connectorNumber)).length > 0
            ? [connector.connectorNumber]
            : [],
        ),
    );
    return new Set(running.flat());
  };
}

/** Nothing known to run: for views of a charger no driver charges at from them (operator's). */
export const noneInTransaction: ReadonlySet<number> = new Set();
