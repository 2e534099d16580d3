import type RPCServerClient from 'ocpp-rpc/lib/server-client';
import type { OcppMessageObserver } from '../../platform/metrics/observers.ts';
import { sentErrorCode, type CallErrorEvent } from './connection-log.ts';

/**
 * Tells `observer` how each message of a charger was answered, as ocpp-rpc answers it: a
 * CALLRESULT, or a CALLERROR whether the handler failed, the schema refused the message before
 * any handler ran (strict mode), no handler exists for its action, or the frame could not be read.
 */
export function countAnswers(client: RPCServerClient, observer: OcppMessageObserver): void {
  client.on('callResult', ({ outbound, method }: { outbound: boolean; method: string }) => {
    if (!outbound) observer.answered(method);
  });
  client.on('callError', ({ outbound, method, error }: CallErrorEvent) => {
    if (!outbound) observer.answered(method, sentErrorCode(error));
  });
  // A frame that is no call at all (not JSON, no message id...) has no action; a late answer to
  // a command is no message of the charger's and gets no response.
  client.on('badMessage', ({ response }: { response: unknown[] | null }) => {
    if (response) observer.answered(undefined, String(response[2]));
  });
}
