import type { FastifyInstance } from 'fastify';
import { SESSION_EVENTS_PATH, type TransactionView } from '@evc/contract';
import type { Bus } from '../../platform/bus/bus.ts';
import { AppError } from '../../platform/errors.ts';
import { API_PREFIX, bearerToken, type Authenticate } from '../../platform/http/call-registrar.ts';
import { openEventStream } from '../../platform/http/event-stream.ts';
import type { ChargingSessionRepository } from './charging-session-repository.ts';
import { SESSION_CHANGED_SUBJECT, type SessionChanged } from './events.ts';
import type { SessionService } from './service.ts';

/**
 * GET /api/events/sessions: the caller's charging sessions as Server-Sent Events, the whole
 * session view on every change (energy, cost, power, duration, state); at the start one event per
 * open session. Another driver's sessions never reach the stream.
 */
export function registerSessionLiveEvents(
  app: FastifyInstance,
  deps: {
    bus: Bus;
    sessions: ChargingSessionRepository;
    service: SessionService;
    authenticate: Authenticate;
    keepAliveMs?: number;
  },
): void {
  app.get(`${API_PREFIX}${SESSION_EVENTS_PATH}`, async (request, reply) => {
    const token = bearerToken(request);
    if (!token) throw new AppError(401, 'UNAUTHENTICATED', 'Please sign in');
    const { userId } = await deps.authenticate(token);

    const stream = openEventStream(reply, deps.keepAliveMs);
    const send = (event: TransactionView) => stream.send('session', event);

    // Views are built in the order changes arrive, so a slow read cannot overtake a newer one.
    let queue = Promise.resolve();
    const unsubscribe = deps.bus.subscribe(SESSION_CHANGED_SUBJECT, (event) => {
      const change = event as SessionChanged;
      if (change.ownerId !== userId) return;
      queue = queue
        .then(async () => {
          const row = await deps.sessions.findById(change.sessionId);
          if (row && row.ownerId === userId) send(await deps.service.view(row));
        })
        .catch((error: unknown) => request.log.warn({ error }, 'live session event lost'));
    });
    stream.onClose(unsubscribe);

    for (const view of await deps.service.openForUser(userId)) send(view);
  });
}
