import type { Bus } from '../../platform/bus/bus.ts';
import type { ChargerCommands } from '../charge-point/charger-commands.ts';
import type { TransactionLedger } from '../charge-point/transaction-ledger.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The charger-command service, transaction store and bus, for routes and tests. */
    ocpp: { commands: ChargerCommands; transactions: TransactionLedger; bus: Bus };
  }
}
