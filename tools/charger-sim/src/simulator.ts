import { RPCClient } from 'ocpp-rpc';
import type { RPC_ClientOptions } from 'ocpp-rpc/lib/client';
import {
  ChargingProfileStore,
  VOLTS_PER_AMP_THREE_PHASE,
  type ChargingProfile,
  type ProfilePurpose,
} from './charging-profiles.ts';
import { chargingPowerW } from './power-curve.ts';

/** OCPP 1.6 ChargePointStatus values a connector can report. */
export type ChargePointStatus =
  | 'Available'
  | 'Preparing'
  | 'Charging'
  | 'SuspendedEVSE'
  | 'SuspendedEV'
  | 'Finishing'
  | 'Reserved'
  | 'Unavailable'
  | 'Faulted';

export interface SimulatorOptions {
  /** The central system's OCPP URL without the id, e.g. ws://localhost:8080/ocpp */
  url: string;
  /**
   * More URLs of the same central system (its other nodes): each reconnection tries the next one
   * after the URL last used, round the list (a charger's list of servers, or DNS failover).
   */
  fallbackUrls?: readonly string[];
  /**
   * When set, a connection lost other than by `stop` is made again by itself, this long after the
   * loss and after each failed attempt (default: the simulator waits to be started again).
   */
  reconnectDelayMs?: number;
  chargePointId: string;
  password?: string;
  connectors: number;
  vendor?: string;
  model?: string;
  serialNumber?: string;
  firmwareVersion?: string;
  /** How often MeterValues are sent during a transaction (default 10 s). */
  meterIntervalMs?: number;
  /** The most power a connector gives (default 22 kW). */
  maxPowerW?: number;
  /**
   * The most power each connector gives, connector 1 first, where they differ (a 150 kW CCS beside
   * a 22 kW Type 2); a connector not listed gives `maxPowerW`.
   */
  connectorMaxPowerW?: readonly number[];
  /** The vehicle's battery (default 60 kWh) and its state of charge at plug-in (default 20 %). */
  batteryWh?: number;
  initialSocPercent?: number;
  /** Seconds the power takes to ramp up (default 30). */
  rampSeconds?: number;
  /**
   * How long the cable stays in after a transaction ends before the driver comes back for it
   * (default: taken out at once). An UnlockConnector meanwhile has it taken out sooner.
   */
  unplugAfterMs?: number;
  /** The charge point's clock in ms (default the real one): tests move it to open a slot. */
  now?: () => number;
}

/** From the cable's release (UnlockConnector) to the driver pulling it out. */
const UNLOCK_TO_UNPLUG_MS = 1000;

/** A transaction as the charge point sees it; its id is null until the central system answers. */
interface LocalTransaction {
  connector: number;
  idTag: string;
  transactionId: number | null;
  meterStartWh: number;
  startedAt: number;
  socPercent: number;
  vehicleSuspended: boolean;
  timer: NodeJS.Timeout | null;
}

/** A transaction message waiting for the connection; its params are built when sent. */
interface QueuedMessage {
  action: 'StartTransaction' | 'MeterValues' | 'StopTransaction';
  params: () => Record<string, unknown>;
  onAnswer?: (answer: unknown) => void;
}

/**
 * One simulated OCPP 1.6J charge point: connects, boots, reports each connector's status and
 * sends heartbeats at the interval the central system asks for.
 */
export class ChargePointSimulator {
  readonly options: SimulatorOptions;
  private client: RPCClient | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private readonly statuses = new Map<number, ChargePointStatus>();
  private readonly registers = new Map<number, number>();
  private readonly transactions = new Map<number, LocalTransaction>();
  private readonly queue: QueuedMessage[] = [];
  /** The charging profiles the central system set (OCPP 1.6 Smart Charging). */
  private readonly profiles = new ChargingProfileStore();
  /** Connectors whose cable stays in after the transaction ends, until `unplug`. */
  private readonly cablesKept = new Set<number>();
  /** Cables left in after a transaction, each with the time the driver takes it out. */
  private readonly unplugTimers = new Map<number, { timer: NodeJS.Timeout; due: number }>();
  private replaying = false;
  /** `url` then `fallbackUrls`; `urlIndex` is the one connected to, or last tried. */
  private readonly urls: readonly string[];
  private urlIndex = 0;
  private stopped = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private lastAcceptedAt: number | null = null;

  constructor(options: SimulatorOptions) {
    this.options = options;
    this.urls = [options.url, ...(options.fallbackUrls ?? [])];
    for (let connector = 1; connector <= options.connectors; connector += 1) {
      this.statuses.set(connector, 'Available');
      this.registers.set(connector, 0);
    }
  }

  private clock(): number {
    return this.options.now ? this.options.now() : Date.now();
  }

  /** The charging profiles the central system set and the charger holds, by connector. */
  chargingProfiles(): { connectorId: number; profile: ChargingProfile }[] {
    return this.profiles.list();
  }

  get connected(): boolean {
    return this.client !== null;
  }

  /** The central system URL connected to, or last tried. */
  get url(): string {
    return this.urls[this.urlIndex] ?? this.options.url;
  }

  /** When the central system last accepted the charger's BootNotification, by its clock. */
  get acceptedAt(): number | null {
    return this.lastAcceptedAt;
  }

  status(connector: number): ChargePointStatus | undefined {
    return this.statuses.get(connector);
  }

  /** Connects, sends BootNotification and every connector's status, then keeps up heartbeats. */
  start(): Promise<{ interval: number }> {
    this.stopped = false;
    return this.connectAndBoot();
  }

  private async connectAndBoot(): Promise<{ interval: number }> {
    const options: Partial<RPC_ClientOptions> = {
      endpoint: this.url,
      identity: this.options.chargePointId,
      protocols: ['ocpp1.6'],
      strictMode: true,
      reconnect: false,
      ...(this.options.password ? { password: this.options.password } : {}),
    };
    // The library's typings mark every option required; it fills in defaults for those left out.
    const client = new RPCClient(options as RPC_ClientOptions);
    this.handleCommands(client);
    await client.connect();
    if (this.stopped) {
      await client.close({ force: true });
      throw new Error('stopped while connecting');
    }
    this.client = client;
    client.on('close', () => {
      if (this.client !== client) return;
      this.stopHeartbeats();
      this.client = null;
      this.reconnectLater();
    });
    const boot = (await client
      .call('BootNotification', {
        chargePointVendor: this.options.vendor ?? 'EV Charge Sim',
        chargePointModel: this.options.model ?? 'Sim-22',
        chargePointSerialNumber: this.options.serialNumber ?? `SIM-${this.options.chargePointId}`,
        firmwareVersion: this.options.firmwareVersion ?? '1.0.0',
      })
      .catch((error: unknown) => ({ status: String(error), interval: 0 }))) as {
      status: string;
      interval: number;
    };
    if (boot.status !== 'Accepted') {
      // Not accepted, not connected: the connection is let go.
      if (this.client === client) this.client = null;
      await client.close({ force: true }).catch(() => undefined);
      throw new Error(`BootNotification ${boot.status}`);
    }
    this.lastAcceptedAt = this.clock();
    for (const [connector, status] of this.statuses) await this.report(connector, status);
    const interval = Math.max(1, boot.interval);
    this.heartbeat = setInterval(() => {
      void client.call('Heartbeat', {}).catch(() => undefined);
    }, interval * 1000);
    this.heartbeat.unref();
    await this.replay();
    return { interval };
  }

  /** With `reconnectDelayMs`: connects again after a while, to the next URL of the list. */
  private reconnectLater() {
    const delay = this.options.reconnectDelayMs;
    if (delay === undefined || this.stopped || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.urlIndex = (this.urlIndex + 1) % this.urls.length;
      // Refused, or not booted: tried again later. Connected but failing after the boot, it stays.
      this.connectAndBoot().catch(() => {
        if (!this.client) this.reconnectLater();
      });
    }, delay);
  }

  /** The connector's cumulative energy register (Wh). */
  energyWh(connector: number): number {
    return this.registers.get(connector) ?? 0;
  }

  /** The central system's id of the connector's transaction, once it is known. */
  transactionId(connector: number): number | null {
    return this.transactions.get(connector)?.transactionId ?? null;
  }

  /** Transaction messages waiting for the connection. */
  get queued(): number {
    return this.queue.length;
  }

  /** Presents an RFID tag: Authorize, and when Accepted starts charging on the connector. */
  async presentTag(connector: number, idTag: string): Promise<string> {
    const client = this.client;
    if (!client) throw new Error('not connected');
    const answer = (await client.call('Authorize', { idTag })) as {
      idTagInfo: { status: string };
    };
    if (answer.idTagInfo.status === 'Accepted') await this.startTransaction(connector, idTag);
    return answer.idTagInfo.status;
  }

  /** The vehicle pauses (SuspendedEV) or resumes drawing power. */
  async suspendByVehicle(connector: number, suspended: boolean): Promise<void> {
    const tx = this.transactions.get(connector);
    if (!tx) throw new Error(`no transaction on connector ${connector}`);
    tx.vehicleSuspended = suspended;
    await this.setStatus(connector, this.chargingStatus(tx));
  }

  /**
   * The driver leaves the cable in when the transaction ends: the connector stays Finishing
   * until `unplug` (the car still holds the bay).
   */
  keepCablePlugged(connector: number, kept = true): void {
    if (kept) this.cablesKept.add(connector);
    else this.cablesKept.delete(connector);
  }

  /** The cable comes out of a connector left Finishing: it is Available again. */
  async unplug(connector: number): Promise<void> {
    this.cablesKept.delete(connector);
    clearTimeout(this.unplugTimers.get(connector)?.timer);
    this.unplugTimers.delete(connector);
    if (this.statuses.get(connector) === 'Finishing') await this.setStatus(connector, 'Available');
  }

  /** Ends the connector's transaction as the driver would locally. */
  async stopTransaction(connector: number, reason = 'Local'): Promise<void> {
    const tx = this.transactions.get(connector);
    if (!tx) return;
    this.sampleEnergy(tx);
    if (tx.timer) clearInterval(tx.timer);
    this.transactions.delete(connector);
    this.profiles.endTransaction(connector);
    const meterStop = this.energyWh(connector);
    const timestamp = new Date().toISOString();
    await this.send({
      action: 'StopTransaction',
      params: () => ({ transactionId: tx.transactionId ?? 0, meterStop, timestamp, reason }),
    });
    await this.setStatus(connector, 'Finishing');
    if (this.cablesKept.has(connector)) return;
    if (this.options.unplugAfterMs) this.unplugLater(connector, this.options.unplugAfterMs);
    else await this.setStatus(connector, 'Available');
  }

  /** The driver takes the cable out of the connector in `ms`, if not sooner already. */
  private unplugLater(connector: number, ms: number) {
    const due = this.clock() + ms;
    const planned = this.unplugTimers.get(connector);
    if (planned && planned.due <= due) return;
    clearTimeout(planned?.timer);
    const timer = setTimeout(() => void this.unplug(connector).catch(() => undefined), ms);
    timer.unref();
    this.unplugTimers.set(connector, { timer, due });
  }

  private async startTransaction(connector: number, idTag: string): Promise<void> {
    if (this.transactions.has(connector)) throw new Error(`connector ${connector} is busy`);
    await this.setStatus(connector, 'Preparing');
    const tx: LocalTransaction = {
      connector,
      idTag,
      transactionId: null,
      meterStartWh: this.energyWh(connector),
      startedAt: this.clock(),
      socPercent: this.options.initialSocPercent ?? 20,
      vehicleSuspended: false,
      timer: null,
    };
    this.transactions.set(connector, tx);
    const timestamp = new Date(tx.startedAt).toISOString();
    await this.send({
      action: 'StartTransaction',
      params: () => ({ connectorId: connector, idTag, meterStart: tx.meterStartWh, timestamp }),
      onAnswer: (answer) => {
        tx.transactionId = (answer as { transactionId: number }).transactionId;
      },
    });
    // A default profile closed at this hour holds the car at SuspendedEVSE until its slot opens.
    await this.setStatus(connector, this.chargingStatus(tx));
    let last = this.clock();
    tx.timer = setInterval(() => {
      const now = this.clock();
      this.advance(tx, (now - last) / 1000);
      last = now;
      this.refreshStatus(tx);
      void this.sendMeterValues(tx).catch(() => undefined);
    }, this.options.meterIntervalMs ?? 10_000);
    tx.timer.unref();
  }

  /** The amps the profiles allow the transaction now; null when none limits it. */
  private limitA(tx: LocalTransaction): number | null {
    return this.profiles.limitAt(tx.connector, this.clock(), {
      transactionId: tx.transactionId,
      startedAt: tx.startedAt,
    });
  }

  /** The most power a connector gives, in watts. */
  private maxPowerW(connector: number): number {
    return this.options.connectorMaxPowerW?.[connector - 1] ?? this.options.maxPowerW ?? 22_000;
  }

  /** The most a connector gives, in amps (22 kW three-phase is 32 A). */
  private maxAmps(connector: number): number {
    return Math.round(this.maxPowerW(connector) / VOLTS_PER_AMP_THREE_PHASE);
  }

  private chargingStatus(tx: LocalTransaction): ChargePointStatus {
    if (this.limitA(tx) === 0) return 'SuspendedEVSE';
    return tx.vehicleSuspended ? 'SuspendedEV' : 'Charging';
  }

  /** Reports a transaction's status again when a profile opened or closed a window. */
  private refreshStatus(tx: LocalTransaction): void {
    const status = this.chargingStatus(tx);
    if (this.statuses.get(tx.connector) === status) return;
    void this.setStatus(tx.connector, status).catch(() => undefined);
  }

  private powerW(tx: LocalTransaction): number {
    const limitA = this.limitA(tx);
    if (limitA === 0 || tx.vehicleSuspended) return 0;
    const maxPowerW = Math.min(
      this.maxPowerW(tx.connector),
      limitA === null ? Infinity : limitA * VOLTS_PER_AMP_THREE_PHASE,
    );
    return chargingPowerW({
      maxPowerW,
      elapsedSeconds: (this.clock() - tx.startedAt) / 1000,
      socPercent: tx.socPercent,
      ...(this.options.rampSeconds === undefined ? {} : { rampSeconds: this.options.rampSeconds }),
    });
  }

  private advance(tx: LocalTransaction, seconds: number) {
    const wh = (this.powerW(tx) * seconds) / 3600;
    this.registers.set(tx.connector, this.energyWh(tx.connector) + wh);
    tx.socPercent = Math.min(100, tx.socPercent + (100 * wh) / (this.options.batteryWh ?? 60_000));
  }

  private sampleEnergy(tx: LocalTransaction) {
    this.registers.set(tx.connector, Math.round(this.energyWh(tx.connector)));
  }

  private async sendMeterValues(tx: LocalTransaction) {
    const timestamp = new Date().toISOString();
    const energy = Math.round(this.energyWh(tx.connector));
    const power = this.powerW(tx);
    const soc = Math.round(tx.socPercent);
    await this.send({
      action: 'MeterValues',
      params: () => ({
        connectorId: tx.connector,
        ...(tx.transactionId === null ? {} : { transactionId: tx.transactionId }),
        meterValue: [
          {
            timestamp,
            sampledValue: [
              { value: String(energy), measurand: 'Energy.Active.Import.Register', unit: 'Wh' },
              { value: String(power), measurand: 'Power.Active.Import', unit: 'W' },
              { value: String(soc), measurand: 'SoC', unit: 'Percent' },
            ],
          },
        ],
      }),
    });
  }

  /** Sends a transaction message now, or queues it while offline (OCPP 1.6 §4.7). */
  private async send(message: QueuedMessage): Promise<void> {
    if (!this.client || this.replaying || this.queue.length > 0) {
      this.queue.push(message);
      return;
    }
    await this.deliver(this.client, message);
  }

  private async deliver(client: RPCClient, message: QueuedMessage) {
    const answer = await client.call(message.action, message.params());
    message.onAnswer?.(answer);
  }

  /** Replays queued transaction messages in order after reconnecting. */
  private async replay() {
    const client = this.client;
    if (!client || this.replaying) return;
    this.replaying = true;
    try {
      while (this.queue.length > 0 && this.client === client) {
        const next = this.queue[0];
        if (!next) break;
        await this.deliver(client, next);
        this.queue.shift();
      }
    } finally {
      this.replaying = false;
    }
  }

  private handleCommands(client: RPCClient) {
    const connectorOf = (params: unknown) =>
      Number((params as { connectorId?: unknown }).connectorId ?? 1);
    client.handle('RemoteStartTransaction', ({ params }) => {
      const { idTag, connectorId } = params as { idTag: string; connectorId?: number };
      const connector = connectorId ?? 1;
      // A car plugged in before anyone started (Preparing, no transaction) waits for this start.
      const status = this.statuses.get(connector);
      const free =
        (status === 'Available' || status === 'Preparing') && !this.transactions.has(connector);
      if (free) void this.startTransaction(connector, idTag).catch(() => undefined);
      return Promise.resolve({ status: free ? 'Accepted' : 'Rejected' });
    });
    client.handle('RemoteStopTransaction', ({ params }) => {
      const { transactionId } = params as { transactionId: number };
      const tx = [...this.transactions.values()].find((t) => t.transactionId === transactionId);
      if (tx) void this.stopTransaction(tx.connector, 'Remote').catch(() => undefined);
      return Promise.resolve({ status: tx ? 'Accepted' : 'Rejected' });
    });
    client.handle('UnlockConnector', ({ params }) => {
      const connector = connectorOf(params);
      if (!this.statuses.has(connector)) return Promise.resolve({ status: 'UnlockFailed' });
      // A cable left in after its transaction is released; the driver then takes it out.
      const leftIn =
        this.statuses.get(connector) === 'Finishing' && !this.transactions.has(connector);
      if (leftIn) this.unplugLater(connector, UNLOCK_TO_UNPLUG_MS);
      return Promise.resolve({ status: 'Unlocked' });
    });
    client.handle('SetChargingProfile', ({ params }) => {
      const p = params as { connectorId: number; csChargingProfiles: ChargingProfile };
      const tx = this.transactions.get(p.connectorId);
      const status = this.profiles.set(
        p.connectorId,
        p.csChargingProfiles,
        tx && { transactionId: tx.transactionId, startedAt: tx.startedAt },
      );
      for (const open of this.transactions.values()) this.refreshStatus(open);
      return Promise.resolve({ status });
    });
    client.handle('GetCompositeSchedule', ({ params }) => {
      const p = params as { connectorId: number; duration: number; chargingRateUnit?: 'A' | 'W' };
      const tx = this.transactions.get(p.connectorId);
      const now = this.clock();
      const periods = this.profiles.composite(
        p.connectorId,
        now,
        p.duration,
        tx && { transactionId: tx.transactionId, startedAt: tx.startedAt },
        this.maxAmps(p.connectorId),
      ) ?? [{ startPeriod: 0, limit: this.maxAmps(p.connectorId) }];
      const unit = p.chargingRateUnit ?? 'A';
      return Promise.resolve({
        status: 'Accepted',
        connectorId: p.connectorId,
        scheduleStart: new Date(now).toISOString(),
        chargingSchedule: {
          duration: p.duration,
          startSchedule: new Date(now).toISOString(),
          chargingRateUnit: unit,
          chargingSchedulePeriod: periods.map((period) => ({
            startPeriod: period.startPeriod,
            limit: unit === 'W' ? period.limit * VOLTS_PER_AMP_THREE_PHASE : period.limit,
          })),
        },
      });
    });
    client.handle('GetConfiguration', () =>
      Promise.resolve({
        configurationKey: [
          {
            key: 'SupportedFeatureProfiles',
            readonly: true,
            value: 'Core,SmartCharging,RemoteTrigger',
          },
          { key: 'LocalPreAuthorize', readonly: false, value: 'false' },
        ],
      }),
    );
    client.handle('ClearChargingProfile', ({ params }) => {
      const p = params as {
        id?: number;
        connectorId?: number;
        chargingProfilePurpose?: ProfilePurpose;
        stackLevel?: number;
      };
      const status = this.profiles.clear(p);
      for (const tx of this.transactions.values()) this.refreshStatus(tx);
      return Promise.resolve({ status });
    });
  }

  /** Changes a connector's status and tells the central system. */
  async setStatus(
    connector: number,
    status: ChargePointStatus,
    errorCode = 'NoError',
  ): Promise<void> {
    if (!this.statuses.has(connector)) throw new Error(`no connector ${connector}`);
    this.statuses.set(connector, status);
    if (this.client) await this.report(connector, status, errorCode);
  }

  /** Drops the connection (as a charger losing its network would). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.stopHeartbeats();
    for (const { timer } of this.unplugTimers.values()) clearTimeout(timer);
    this.unplugTimers.clear();
    const client = this.client;
    this.client = null;
    await client?.close({ force: true });
  }

  private stopHeartbeats() {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  private async report(connector: number, status: ChargePointStatus, errorCode = 'NoError') {
    await this.client?.call('StatusNotification', {
      connectorId: connector,
      errorCode,
      status,
      timestamp: new Date().toISOString(),
    });
  }
}
