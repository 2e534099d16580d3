import { RPCClient } from 'ocpp-rpc';
import type { RPC_ClientOptions } from 'ocpp-rpc/lib/client';

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
  chargePointId: string;
  password?: string;
  connectors: number;
  vendor?: string;
  model?: string;
  serialNumber?: string;
  firmwareVersion?: string;
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

  constructor(options: SimulatorOptions) {
    this.options = options;
    for (let connector = 1; connector <= options.connectors; connector += 1) {
      this.statuses.set(connector, 'Available');
    }
  }

  get connected(): boolean {
    return this.client !== null;
  }

  status(connector: number): ChargePointStatus | undefined {
    return this.statuses.get(connector);
  }

  /** Connects, sends BootNotification and every connector's status, then keeps up heartbeats. */
  async start(): Promise<{ interval: number }> {
    const options: Partial<RPC_ClientOptions> = {
      endpoint: this.options.url,
      identity: this.options.chargePointId,
      protocols: ['ocpp1.6'],
      strictMode: true,
      reconnect: false,
      ...(this.options.password ? { password: this.options.password } : {}),
    };
    // The library's typings mark every option required; it fills in defaults for those left out.
    const client = new RPCClient(options as RPC_ClientOptions);
    await client.connect();
    this.client = client;
    client.on('close', () => {
      if (this.client === client) this.stopHeartbeats();
      if (this.client === client) this.client = null;
    });
    const boot = (await client.call('BootNotification', {
      chargePointVendor: this.options.vendor ?? 'EV Charge Sim',
      chargePointModel: this.options.model ?? 'Sim-22',
      chargePointSerialNumber: this.options.serialNumber ?? `SIM-${this.options.chargePointId}`,
      firmwareVersion: this.options.firmwareVersion ?? '1.0.0',
    })) as { status: string; interval: number };
    if (boot.status !== 'Accepted') throw new Error(`BootNotification ${boot.status}`);
    for (const [connector, status] of this.statuses) await this.report(connector, status);
    const interval = Math.max(1, boot.interval);
    this.heartbeat = setInterval(() => {
      void client.call('Heartbeat', {}).catch(() => undefined);
    }, interval * 1000);
    this.heartbeat.unref();
    return { interval };
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
    this.stopHeartbeats();
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
