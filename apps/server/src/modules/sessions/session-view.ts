import { tariffInput, type TariffData, type TransactionView } from '@evc/contract';
import {
  DEFAULT_DECIMAL_DIGITS,
  displayedPowerW,
  energyKwh,
  needsPaymentIntent,
  sessionCost,
  toConnectorStatus,
  transactionDurationSeconds,
  transactionTitle,
  type PaymentMethod,
  type SessionCost,
} from '@evc/domain';
import type { ChargingSessionRow } from '../../platform/db/schema.ts';
import type { AuthContext } from '../../platform/http/call-registrar.ts';
import { homeChargeOf } from '../home/home-charge.ts';
import { ownedSession } from './owned-session.ts';
import type { SessionServiceDeps } from './session-service-deps.ts';

export interface SessionStop {
  stoppedAt: Date;
  meterStopWh: number;
}

export const stopOf = (row: ChargingSessionRow): SessionStop | null =>
  row.stoppedAt && row.meterStopWh !== null
    ? { stoppedAt: row.stoppedAt, meterStopWh: row.meterStopWh }
    : null;

export const costColumns = (cost: SessionCost) => ({
  costTotal: cost.total,
  costParts: cost.parts,
  breakdown: cost.breakdown,
});

/** The driver's view of a session and its cost, live while it runs or overstays. */
export function createSessionView(
  deps: Pick<SessionServiceDeps, 'sessions' | 'transactions' | 'chargers' | 'reference' | 'now'>,
) {
  async function currencyOf(tariff: TariffData) {
    const found = await deps.reference.findCurrency(tariff.currency);
    return {
      code: tariff.currency,
      symbol: found?.symbol ?? tariff.currency,
      decimal_digits: found?.decimalDigits ?? DEFAULT_DECIMAL_DIGITS,
    };
  }

  /**
   * The cost so far (open session: up to now) or final (stopped), from every stored sample; a
   * stopped session whose cable stayed in overstays until `overstayUntil`.
   */
  async function costOf(
    row: ChargingSessionRow,
    tariff: TariffData,
    decimalDigits: number,
    stop: SessionStop | null,
    overstayUntil?: Date,
  ): Promise<SessionCost | null> {
    if (row.transactionId === null || !row.startedAt) return null;
    const samples = await deps.transactions.meterValues(row.transactionId);
    return sessionCost({
      tariff,
      decimalDigits,
      startedAt: row.startedAt,
      stoppedAt: stop?.stoppedAt ?? null,
      now: deps.now(),
      meterStartWh: row.meterStartWh ?? 0,
      meterStopWh: stop?.meterStopWh ?? null,
      samples: samples.flatMap((sample) =>
        sample.energyWh === null ? [] : [{ at: sample.sampledAt, energyWh: sample.energyWh }],
      ),
      chargingEndedAt: row.vehicleIdleSince,
      ...(overstayUntil ? { overstayUntil } : {}),
      heldMinor: needsPaymentIntent(row.source as PaymentMethod) ? row.heldMinor : null,
    });
  }

  /** `costOf` at the session's own tariff and currency. */
  async function sessionCostOf(
    row: ChargingSessionRow,
    stop: SessionStop | null,
    overstayUntil?: Date,
  ): Promise<SessionCost | null> {
    const tariff = tariffInput.parse(row.tariff);
    const digits = (await currencyOf(tariff)).decimal_digits;
    return costOf(row, tariff, digits, stop, overstayUntil);
  }

  async function liveCost(
    row: ChargingSessionRow,
    tariff: TariffData,
    currency: Awaited<ReturnType<typeof currencyOf>>,
  ) {
    if (row.awaitingUnplug) {
      return costOf(row, tariff, currency.decimal_digits, stopOf(row), deps.now());
    }
    if (row.state === 'finished' || row.state === 'rejected') return null;
    return costOf(row, tariff, currency.decimal_digits, null);
  }

  async function view(row: ChargingSessionRow): Promise<TransactionView> {
    const tariff = tariffInput.parse(row.tariff);
    const currency = await currencyOf(tariff);
    // The charger and the meter samples are read together.
    const [found, live] = await Promise.all([
      deps.chargers.findById(row.chargerId),
      liveCost(row, tariff, currency),
    ]);
    const finished = row.state === 'finished';
    const cost = live ?? { total: row.costTotal, parts: row.costParts, breakdown: row.breakdown };
    const connector = found?.connectors.find((c) => c.connectorNumber === row.connectorNumber);
    const meterStart = row.meterStartWh ?? 0;
    return {
      _id: row.id,
      id: row.transactionId,
      chargerid: row.chargerId,
      barcode: found?.charger.barcode ?? '',
      chargerName: found?.charger.name ?? '',
      title: transactionTitle({
        chargerName: found?.charger.name ?? '',
        city: found?.charger.city ?? '',
        barcode: found?.charger.barcode ?? '',
        home: found?.charger.home ?? false,
      }),
      connectorid: row.connectorNumber,
      state: row.state,
      connectorStatus: found?.charger.online
        ? toConnectorStatus(connector?.status ?? '')
        : 'Offline',
      pausedByDriver: row.pausedByDriver,
      endReason: row.endReason,
      source: row.source as PaymentMethod,
      intent_id: row.intentId,
      data: {
        startdate: row.startedAt?.toISOString() ?? null,
        enddate: row.stoppedAt?.toISOString() ?? null,
        finished,
        meterStart: row.meterStartWh,
        meterStop: row.meterStopWh,
        cost: {
          applied_cost: { total: cost.total, currency },
          parts: cost.parts,
        },
        homeCharge: homeChargeOf(
          found?.charger,
          { breakdown: cost.breakdown, homeTariff: row.homeTariff },
          currency,
        ),
        tariff,
      },
      kWh: row.startedAt
        ? energyKwh(meterStart, row.meterStopWh ?? row.lastEnergyWh ?? meterStart)
        : 0,
      duration: row.startedAt
        ? transactionDurationSeconds({
            startedAt: row.startedAt,
            endedAt: row.stoppedAt,
            finished,
            now: deps.now(),
          })
        : 0,
      // Issue 19: never above the connector's rating, whatever the meter says.
      powerW: finished ? 0 : displayedPowerW(row.powerW, connector?.maxPowerKw ?? null),
      breakdown: cost.breakdown,
      payment: { held: row.heldMinor, captured: row.capturedMinor, status: row.paymentStatus },
      createdAt: row.createdAt.toISOString(),
    };
  }

  async function byId(auth: AuthContext, sessionId: string) {
    return view(await ownedSession(deps.sessions, auth, sessionId));
  }

  async function latest(auth: AuthContext) {
    const row = await deps.sessions.latestForOwner(auth.userId);
    return row ? view(row) : null;
  }

  /** The open sessions of a user or a guest. */
  async function openForUser(ownerId: string) {
    return Promise.all((await deps.sessions.openForOwner(ownerId)).map(view));
  }

  return {
    view,
    currencyOf,
    sessionCostOf,
    byId,
    latest,
    openForUser,
  };
}

export type SessionView = ReturnType<typeof createSessionView>;
