import type { FastifyInstance } from 'fastify';
import { CHARGER_EVENTS_PATH, chargerLiveEvent, type ChargerLiveEvent } from '@evc/contract';
import { toConnectorStatus } from '@evc/domain';
import type { Bus } from '../../platform/bus/bus.ts';
import { AppError } from '../../platform/errors.ts';
import { API_PREFIX, bearerToken, type Authenticate } from '../../platform/http/call-registrar.ts';
import { openEventStream } from '../../platform/http/event-stream.ts';
import type { ConnectorsInTransaction } from './connectors-in-transaction.ts';
import { CHARGER_LIVE_SUBJECT, type ChargerChanged } from './charger-events.ts';
import type { ChargerRepository, ChargerWithConnectors } from './repository.ts';

export function liveEventOf(
  { charger, connectors }: ChargerWithConnectors,
  inTransaction: ReadonlySet<number>,
): ChargerLiveEvent {
  return chargerLiveEvent.parse({
    barcode: charger.barcode,
    online: charger.online,
    connectors: connectors
      .filter((connector) => connector.connectorNumber !== 0)
      .map((connector) => ({
        connectornumber: connector.connectorNumber,
        status: toConnectorStatus(connector.status),
        at: connector.statusAt?.toISOString() ?? null,
        inTransaction: inTransaction.has(connector.connectorNumber),
      })),
  });
}

const barcodesOf = (query: unknown): string[] => {
  const value = (query as { barcode?: unknown } | undefined)?.barcode;
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.filter((item): item is string => typeof item === 'string');
};

/**
 * GET /api/events/chargers: each charger's whole live state as Server-Sent Events, narrowed by
 * repeated `barcode` query values, one event per asked charger at the start, a comment every
 * 25 s to keep proxies from closing the stream.
 */
export function registerChargerLiveEvents(
  app: FastifyInstance,
  deps: {
    bus: Bus;
    chargers: ChargerRepository;
    connectorsInTransaction: ConnectorsInTransaction;
    authenticate: Authenticate;
    keepAliveMs?: number;
  },
): void {
  app.get(`${API_PREFIX}${CHARGER_EVENTS_PATH}`, async (request, reply) => {
    const token = bearerToken(request);
    if (!token) throw new AppError(401, 'UNAUTHENTICATED', 'Please sign in');
    await deps.authenticate(token);
    const wanted = new Set(barcodesOf(request.query));

    const stream = openEventStream(reply, deps.keepAliveMs);
    const send = async (found: ChargerWithConnectors) => {
      if (wanted.size > 0 && !wanted.has(found.charger.barcode)) return;
      stream.send('charger', liveEventOf(found, await deps.connectorsInTransaction(found)));
    };

    const unsubscribe = deps.bus.subscribe(CHARGER_LIVE_SUBJECT, (event) => {
      void deps.chargers
        .findById((event as ChargerChanged).chargerId)
        .then((found) => found && send(found))
        .catch((error: unknown) => request.log.warn({ error }, 'live charger event lost'));
    });
    stream.onClose(unsubscribe);

    for (const barcode of wanted) {
      const found = await deps.chargers.findByBarcode(barcode);
      if (found) await send(found);
    }
  });
}
