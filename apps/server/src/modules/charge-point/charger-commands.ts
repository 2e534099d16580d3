import { performance } from 'node:perf_hooks';
import { BusTimeoutError, NoResponderError, type Bus } from '../../platform/bus/bus.ts';
import { AppError } from '../../platform/errors.ts';
import type { CommandObserver, CommandOutcome } from '../../platform/metrics/observers.ts';

/**
 * The bus subject a node answers the commands for its chargers on: one per node (per incarnation,
 * ADR 0031), served by that node alone, never a group shared by every node that held a charger.
 */
export const nodeCommandSubject = (node: string) => `node.${node}.command`;

/** What the node holding a charger's socket is asked to send it. */
export interface ChargerCommandRequest {
  chargerId: string;
  /** The node it was sent to: a node that has since come back under another id refuses it. */
  node: string;
  action: string;
  params: Record<string, unknown>;
  timeoutMs: number;
  /** Epoch ms past which nobody waits for the answer: a late command is not sent. */
  deadline: number;
}

/** The live node holding a charger's latest connection, or null (ADR 0031). */
export type ChargerOwnerOf = (chargerId: string) => Promise<string | null>;

/** How long a charger has to answer a command unless told otherwise. */
export const DEFAULT_COMMAND_TIMEOUT_MS = 30_000;

export type RemoteStatus = 'Accepted' | 'Rejected';

/** An OCPP 1.6 ChargingProfile (§7.8) as sent to a charger. */
export interface ChargingProfile {
  chargingProfileId: number;
  transactionId?: number;
  stackLevel: number;
  chargingProfilePurpose: 'ChargePointMaxProfile' | 'TxDefaultProfile' | 'TxProfile';
  chargingProfileKind: 'Absolute' | 'Recurring' | 'Relative';
  recurrencyKind?: 'Daily' | 'Weekly';
  validFrom?: string;
  validTo?: string;
  chargingSchedule: {
    duration?: number;
    startSchedule?: string;
    chargingRateUnit: 'A' | 'W';
    chargingSchedulePeriod: { startPeriod: number; limit: number; numberPhases?: number }[];
    minChargingRate?: number;
  };
}

/** OCPP 1.6 ClearChargingProfile.req (§6.5): which of the charger's profiles to clear. */
export interface ClearChargingProfileFilter {
  id?: number;
  connectorId?: number;
  chargingProfilePurpose?: ChargingProfile['chargingProfilePurpose'];
  stackLevel?: number;
}

export const chargerOffline = () => new AppError(409, 'CHARGER_OFFLINE', 'Charger Unavailable');
export const chargerTimeout = () =>
  new AppError(504, 'CHARGER_TIMEOUT', 'The charger did not answer in time');

/** The statuses with which a charger answers that it will not do what it was told. */
const REFUSALS: ReadonlySet<unknown> = new Set([
  'Rejected',
  'NotSupported',
  'NotImplemented',
  'UnlockFailed',
]);

const answeredOutcome = (answer: unknown): CommandOutcome =>
  REFUSALS.has((answer as { status?: unknown } | null)?.status) ? 'rejected' : 'answered';

function failedOutcome(error: unknown): CommandOutcome {
  const code = error instanceof AppError ? error.code : undefined;
  return code === 'CHARGER_OFFLINE' ? 'offline' : code === 'CHARGER_TIMEOUT' ? 'timeout' : 'failed';
}

/**
 * The one way the platform tells a charger to do something. A command travels over the bus to
 * the live node holding the charger's latest connection; no such node means the charger is
 * offline, answered at once.
 */
export function createChargerCommands(
  deps: { bus: Bus; ownerOf: ChargerOwnerOf; observeCommand?: CommandObserver },
  defaultTimeoutMs = DEFAULT_COMMAND_TIMEOUT_MS,
) {
  const observe = deps.observeCommand;

  /** A command's round trip, timed by outcome when metrics are on. */
  async function send<T>(
    chargerId: string,
    action: string,
    params: Record<string, unknown>,
    timeoutMs = defaultTimeoutMs,
  ): Promise<T> {
    if (!observe) return deliver<T>(chargerId, action, params, timeoutMs);
    const started = performance.now();
    const took = () => (performance.now() - started) / 1000;
    try {
      const answer = await deliver<T>(chargerId, action, params, timeoutMs);
      observe(action, answeredOutcome(answer), took());
      return answer;
    } catch (error) {
      observe(action, failedOutcome(error), took());
      throw error;
    }
  }

  async function deliver<T>(
    chargerId: string,
    action: string,
    params: Record<string, unknown>,
    timeoutMs: number,
  ): Promise<T> {
    const node = await deps.ownerOf(chargerId);
    if (node === null) throw chargerOffline();
    // The bus waits a little longer than the charger call so the charger's own time-out wins.
    const waitMs = timeoutMs + 500;
    const request: ChargerCommandRequest = {
      chargerId,
      node,
      action,
      params,
      timeoutMs,
      deadline: Date.now() + waitMs,
    };
    try {
      return (await deps.bus.request(nodeCommandSubject(node), request, waitMs)) as T;
    } catch (error) {
      if (error instanceof NoResponderError) throw chargerOffline();
      if (error instanceof BusTimeoutError) throw chargerTimeout();
      const reason = error instanceof Error ? error.message : String(error);
      throw new AppError(502, 'CHARGER_ERROR', `The charger refused the command: ${reason}`);
    }
  }

  return {
    send,
    remoteStart: (
      chargerId: string,
      input: { idTag: string; connectorId?: number; chargingProfile?: ChargingProfile },
    ) => send<{ status: RemoteStatus }>(chargerId, 'RemoteStartTransaction', { ...input }),
    remoteStop: (chargerId: string, transactionId: number) =>
      send<{ status: RemoteStatus }>(chargerId, 'RemoteStopTransaction', { transactionId }),
    unlockConnector: (chargerId: string, connectorId: number) =>
      send<{ status: 'Unlocked' | 'UnlockFailed' | 'NotSupported' }>(chargerId, 'UnlockConnector', {
        connectorId,
      }),
    setChargingProfile: (
      chargerId: string,
      connectorId: number,
      csChargingProfiles: ChargingProfile,
    ) =>
      send<{ status: 'Accepted' | 'Rejected' | 'NotSupported' }>(chargerId, 'SetChargingProfile', {
        connectorId,
        csChargingProfiles,
      }),
    clearChargingProfile: (chargerId: string, filter: ClearChargingProfileFilter) =>
      send<{ status: 'Accepted' | 'Unknown' }>(chargerId, 'ClearChargingProfile', { ...filter }),
    getCompositeSchedule: (
      chargerId: string,
      input: { connectorId: number; duration: number; chargingRateUnit?: 'A' | 'W' },
    ) =>
      send<{ status: 'Accepted' | 'Rejected'; chargingSchedule?: unknown }>(
        chargerId,
        'GetCompositeSchedule',
        { ...input },
      ),
    changeConfiguration: (chargerId: string, key: string, value: string) =>
      send<{ status: 'Accepted' | 'Rejected' | 'RebootRequired' | 'NotSupported' }>(
        chargerId,
        'ChangeConfiguration',
        { key, value },
      ),
    getConfiguration: (chargerId: string, key?: string[], timeoutMs?: number) =>
      send<{
        configurationKey?: { key: string; readonly: boolean; value?: string }[];
        unknownKey?: string[];
      }>(chargerId, 'GetConfiguration', key ? { key } : {}, timeoutMs),
    triggerMessage: (chargerId: string, requestedMessage: string, connectorId?: number) =>
      send<{ status: 'Accepted' | 'Rejected' | 'NotImplemented' }>(chargerId, 'TriggerMessage', {
        requestedMessage,
        ...(connectorId === undefined ? {} : { connectorId }),
      }),
    reset: (chargerId: string, type: 'Hard' | 'Soft') =>
      send<{ status: 'Accepted' | 'Rejected' }>(chargerId, 'Reset', { type }),
    changeAvailability: (
      chargerId: string,
      connectorId: number,
      type: 'Inoperative' | 'Operative',
    ) =>
      send<{ status: 'Accepted' | 'Rejected' | 'Scheduled' }>(chargerId, 'ChangeAvailability', {
        connectorId,
        type,
      }),
  };
}

export type ChargerCommands = ReturnType<typeof createChargerCommands>;
