import type { Bus } from '../../platform/bus/bus.ts';
import type { TransactionRepository } from '../sessions/transaction-repository.ts';
import type { ChargerCommands } from './charger-commands.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The charger-command service, transaction store and bus, for routes and tests. */
    ocpp: { commands: ChargerCommands; transactions: TransactionRepository; bus: Bus };
  }
}
