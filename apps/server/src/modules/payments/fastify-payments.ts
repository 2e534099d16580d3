import type { SessionPayments } from './session-payments.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** How charging sessions are paid: the sessions module authorises, settles and releases. */
    payments: SessionPayments;
  }
}
