import {
  tariffInput,
  type CallParsedRequest,
  type ChargeHistoryItem,
  type DashboardData,
  type DashboardTotalsView,
} from '@evc/contract';
import {
  chargeHistogram,
  dashboardSummary,
  dashboardWindow,
  dashboardWindowProblem,
  DEFAULT_DECIMAL_DIGITS,
  energyKwh,
  HISTOGRAM_MINUTES,
  PETROL_CAR_CO2_GRAMS_PER_KM,
  transactionDurationSeconds,
  type DashboardTotals,
  type SessionCostInput,
} from '@evc/domain';
import type { ChargingSessionRow, OcppMeterValueRow } from '../../platform/db/schema.ts';
import { accountGone, forbidden, validationError } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/call-registrar.ts';
import { homeChargeOf } from '../home/home-charge.ts';
import type { ReferenceRepository } from '../reference/repository.ts';
import type { GuestRepository } from '../guests/repository.ts';
import type { UserRepository } from '../users/repository.ts';
import type { HistoryRepository } from './repository.ts';

export const CO2_FACTOR_SOURCE =
  'UK Government GHG Conversion Factors for Company Reporting 2023, average petrol car';

export interface HistoryServiceDeps {
  history: HistoryRepository;
  users: UserRepository;
  guests: GuestRepository;
  reference: ReferenceRepository;
  now: () => Date;
}

type SessionCurrency = ChargeHistoryItem['currency'];

/** The driver's charge history and dashboard, read from their own charging sessions only. */
export function createHistoryService(deps: HistoryServiceDeps) {
  async function caller(auth: AuthContext) {
    const user = await deps.users.findById(auth.userId);
    if (!user) throw accountGone();
    return user;
  }

  /** Currencies by code, looked up once per call. */
  function currencies() {
    const found = new Map<string, Promise<SessionCurrency>>();
    return (code: string) => {
      let currency = found.get(code);
      if (!currency) {
        currency = deps.reference.findCurrency(code).then((row) => ({
          code,
          symbol: row?.symbol ?? code,
          decimal_digits: row?.decimalDigits ?? DEFAULT_DECIMAL_DIGITS,
        }));
        found.set(code, currency);
      }
      return currency;
    };
  }

  function histograms(row: ChargingSessionRow, samples: OcppMeterValueRow[]) {
    const tariff = tariffInput.parse(row.tariff);
    const startedAt = row.startedAt ?? row.createdAt;
    const input: SessionCostInput = {
      tariff,
      startedAt,
      stoppedAt: row.state === 'finished' ? (row.stoppedAt ?? startedAt) : null,
      now: deps.now(),
      meterStartWh: row.meterStartWh ?? 0,
      meterStopWh: row.state === 'finished' ? row.meterStopWh : null,
      samples: samples.flatMap((sample) =>
        sample.energyWh === null ? [] : [{ at: sample.sampledAt, energyWh: sample.energyWh }],
      ),
      chargingEndedAt: row.vehicleIdleSince,
    };
    return {
      histogram10: chargeHistogram(input, HISTOGRAM_MINUTES.histogram10),
      histogram30: chargeHistogram(input, HISTOGRAM_MINUTES.histogram30),
    };
  }

  return {
    async chargeHistory(
      auth: AuthContext,
      body: CallParsedRequest<'getChargeHistory'>,
    ): Promise<ChargeHistoryItem[]> {
      // A guest names itself by its guest code, as a user by its HRCode. The caller's own
      // sessions are read beside it, and answered only once the code is found to be the caller's.
      const [owner, rows] = await Promise.all([
        auth.scope === 'guest'
          ? deps.guests
              .findById(auth.userId)
              .then((guest) => guest && { id: guest.id, hrCode: guest.code })
          : caller(auth),
        deps.history.sessions({
          userId: auth.userId,
          limit: body.limit,
          active: body.active,
          after: body.startdate
            ? { startedAt: new Date(body.startdate), id: body.lastid ?? undefined }
            : undefined,
          chargerId: body.chargerid ?? undefined,
        }),
      ]);
      if (!owner) throw accountGone();
      if (body.usercode !== owner.hrCode) throw forbidden();
      const samples = await deps.history.meterValues(
        rows.flatMap(({ session }) =>
          session.transactionId === null ? [] : [session.transactionId],
        ),
      );
      const currencyOf = currencies();
      return Promise.all(
        rows.map(async ({ session, charger }) => {
          const tariff = tariffInput.parse(session.tariff);
          const startedAt = session.startedAt ?? session.createdAt;
          const finished = session.state === 'finished';
          const meterStart = session.meterStartWh ?? 0;
          const currency = await currencyOf(tariff.currency);
          return {
            _id: session.id,
            chargerid: session.chargerId,
            barcode: charger.barcode,
            name: charger.name,
            city: charger.city,
            post_code: charger.postCode,
            startdate: startedAt.toISOString(),
            enddate: session.stoppedAt?.toISOString() ?? null,
            finished,
            kwh: energyKwh(meterStart, session.meterStopWh ?? session.lastEnergyWh ?? meterStart),
            cost: session.costTotal,
            currency,
            duration: transactionDurationSeconds({
              startedAt,
              endedAt: session.stoppedAt,
              finished,
              now: deps.now(),
            }),
            homeCharge: homeChargeOf(charger, session, currency),
            histograms: histograms(
              session,
              session.transactionId === null ? [] : (samples.get(session.transactionId) ?? []),
            ),
            // Stored with `costTotal` each time the session is priced: their sum is `cost`.
            parts: session.costParts,
            breakdown: session.breakdown,
          };
        }),
      );
    },

    async dashboard(
      auth: AuthContext,
      body: CallParsedRequest<'getDashboardData'>,
    ): Promise<DashboardData> {
      const user = await caller(auth);
      const now = deps.now();
      const today = body.today && new Date(body.today) < now ? new Date(body.today) : now;
      const window = dashboardWindow({
        startdate: body.startdate ? new Date(body.startdate) : null,
        years: body.years,
        today,
      });
      const problem = dashboardWindowProblem(window);
      if (problem) throw validationError('startdate', problem);
      const car = user.carTypeId ? await deps.reference.findCarType(user.carTypeId) : undefined;
      const rows = await deps.history.finishedBetween(
        user.id,
        window.from,
        window.to,
        body.chargerid ?? undefined,
      );
      const summary = dashboardSummary(
        window,
        rows.map(({ session: row, charger }) => {
          const startedAt = row.startedAt ?? row.createdAt;
          const currency = tariffInput.parse(row.tariff).currency;
          const home = homeChargeOf(charger, row, { code: currency });
          return {
            startedAt,
            energyWh: Math.max(0, (row.meterStopWh ?? 0) - (row.meterStartWh ?? 0)),
            durationSeconds: transactionDurationSeconds({
              startedAt,
              endedAt: row.stoppedAt,
              finished: true,
              now,
            }),
            costMinor: row.costTotal,
            currency,
            homeCharge: home && { total: home.total, currency },
          };
        }),
        car?.milesPerKwh ?? null,
      );
      const currencyOf = currencies();
      const totalsView = async (totals: DashboardTotals): Promise<DashboardTotalsView> => ({
        ...totals,
        spent: await Promise.all(
          totals.spent.map(async (spend) => ({
            ...spend,
            currency: await currencyOf(spend.currency),
          })),
        ),
        homeSpent: await Promise.all(
          totals.homeSpent.map(async (spend) => ({
            ...spend,
            currency: await currencyOf(spend.currency),
          })),
        ),
      });
      return {
        window: {
          kind: window.kind,
          from: window.from.toISOString(),
          to: window.to.toISOString(),
          bucket: window.bucket,
        },
        car: car ? { make: car.make, model: car.model, milesPerKwh: car.milesPerKwh } : null,
        co2: { gramsPerKm: PETROL_CAR_CO2_GRAMS_PER_KM, source: CO2_FACTOR_SOURCE },
        totals: await totalsView(summary.totals),
        buckets: await Promise.all(
          summary.buckets.map(async (bucket) => ({
            start: bucket.start.toISOString(),
            end: bucket.end.toISOString(),
            totals: await totalsView(bucket.totals),
          })),
        ),
      };
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
