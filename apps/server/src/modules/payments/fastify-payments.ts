import type { AbandonedIntentSweep } from './abandoned-intents.ts';
import type { SessionPayments } from './session-payments.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** How charging sessions are paid: the sessions module authorises, settles and releases. */
    payments: SessionPayments;
    /** The sweep cancelling intents nobody will use (ADR 0011). */
    intentSweep: Pick<AbandonedIntentSweep, 'passes'>;
  }
}
