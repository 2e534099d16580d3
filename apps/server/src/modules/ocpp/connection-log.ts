import type RPCServerClient from 'ocpp-rpc/lib/server-client';
import type { OcppLog } from './message-context.ts';

/** Who a connection is, on every line logged about it: never a password or a token. */
export interface ConnectionFacts {
  chargerId: string;
  identity: string;
  address: string;
}

/** Why a handshake was refused, in an operator's words. */
export type RefusalReason =
  | 'no ocpp1.6 subprotocol offered'
  | 'unknown charge point identity'
  | 'no password presented'
  | 'Basic auth user name is not the charge point identity'
  | 'wrong password'
  | 'too many failed attempts';

/**
 * The reason a known or unknown charger was refused. ocpp-rpc reads a password only from Basic
 * auth whose user name is the identity (OCPP 1.6 security profile 1), so a header with another
 * name arrives as no password.
 */
export function refusalReason(input: {
  known: boolean;
  authorizationSent: boolean;
  passwordSent: boolean;
}): RefusalReason {
  if (!input.known) return 'unknown charge point identity';
  if (input.passwordSent) return 'wrong password';
  return input.authorizationSent
    ? 'Basic auth user name is not the charge point identity'
    : 'no password presented';
}

/** Keys whose value is a secret a central system may send to a charger (OCPP 1.6 security). */
const SECRET_KEYS = new Set(['AuthorizationKey']);

/** A frame as logged: the value of a ChangeConfiguration of a secret key is left out. */
export function loggableFrame(frame: string): string {
  try {
    const parsed = JSON.parse(frame) as unknown[];
    if (!Array.isArray(parsed) || parsed[2] !== 'ChangeConfiguration') return frame;
    const params = parsed[3] as { key?: unknown; value?: unknown } | undefined;
    if (typeof params?.key !== 'string' || !SECRET_KEYS.has(params.key)) return frame;
    return JSON.stringify([...parsed.slice(0, 3), { ...params, value: '[redacted]' }]);
  } catch {
    return frame;
  }
}

/** OCPP 1.6J errata §5: the spellings a 1.6 charger is sent (ocpp-rpc renames them on the wire). */
const OCPP16_SPELLING: Record<string, string> = {
  FormatViolation: 'FormationViolation',
  OccurenceConstraintViolation: 'OccurrenceConstraintViolation',
};

export interface CallErrorEvent {
  outbound: boolean;
  method: string;
  error: { rpcErrorCode?: string; message?: string; name?: string };
}

/** The code of a CALLERROR as the charger receives it. */
export function sentErrorCode(error: CallErrorEvent['error']): string {
  const raw = error.rpcErrorCode ?? error.name ?? 'GenericError';
  return OCPP16_SPELLING[raw] ?? raw;
}

/**
 * Everything an operator needs to answer "why is charger X offline?" from the log: each frame at
 * debug, each CALLERROR sent or received and each message refused at warn, and the disconnection
 * with its close code and how long the charger was connected.
 */
export function logConnection(
  client: RPCServerClient,
  facts: ConnectionFacts,
  log: OcppLog,
  connectedAt: number,
): void {
  client.on('message', ({ message, outbound }: { message: string | Buffer; outbound: boolean }) => {
    log.debug(
      { ...facts, direction: outbound ? 'out' : 'in', frame: loggableFrame(String(message)) },
      'OCPP frame',
    );
  });
  client.on('callError', ({ outbound, method, error }: CallErrorEvent) => {
    log.warn(
      { ...facts, action: method, code: sentErrorCode(error), error: error.message },
      // outbound: a call the central system made was answered with an error (or timed out).
      outbound ? 'OCPP CALLERROR received' : 'OCPP CALLERROR sent',
    );
  });
  client.on('badMessage', ({ error }: { error: Error }) => {
    log.warn({ ...facts, error: error.message }, 'OCPP message refused');
  });
  client.on('close', ({ code, reason }: { code: number; reason: string | Buffer }) => {
    log.info(
      {
        ...facts,
        code,
        reason: String(reason),
        connectedForMs: Date.now() - connectedAt,
      },
      'charger disconnected',
    );
  });
}
