import {
  type ChargerCapabilities,
  tariffInput,
  type MyTransactionData,
  type PreauthResponse,
  type TariffData,
  type UnauthorizedAuths,
} from '@evc/contract';
import { DEFAULT_PREAUTH_MINOR, isTariffFree } from '@evc/domain';
import { AppError } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/call-registrar.ts';
import type { ChargerCommands } from '../charge-point/charger-commands.ts';
import type { TransactionLedger } from '../charge-point/transaction-ledger.ts';
import type { ChargerRepository } from './repository.ts';
import { groupTariffOf, type PriceViewer } from './service.ts';

/** How far back the RFID wizard looks for a card presented at a charger. */
export const UNAUTHORIZED_WINDOW_MS = 10 * 60 * 1000;

/** The configuration keys that tell what a charger supports (OCPP 1.6 §9.1). */
const CAPABILITY_KEYS = ['SupportedFeatureProfiles', 'LocalPreAuthorize', 'LocalAuthorizeOffline'];
const CAPABILITY_TIMEOUT_MS = 5000;

const chargerNotFound = () => new AppError(404, 'CHARGER_NOT_FOUND', 'Charger Not Found');

type Viewer = Pick<AuthContext, 'userId'>;

/** A public charger is anyone's to see; a home charger only its owner's. */
const isVisibleTo = (charger: { home: boolean; ownerId: string | null }, viewer: Viewer) =>
  !charger.home || charger.ownerId === viewer.userId;

/** The driver's calls about a charger's sessions: pre-authorisation, own transaction, tags. */
export function createChargerCallsService(deps: {
  chargers: ChargerRepository;
  transactions: TransactionLedger;
  commands: ChargerCommands;
  /** The tariff a driver's user group gives them at this charger, if any (affiliations). */
  memberTariff?: (userId: string, chargerId: string) => Promise<TariffData | null>;
  now: () => Date;
}) {
  /** The charger, as `viewer` may see it: a home charger is its owner's alone (spec 001 §6). */
  async function chargerById(chargerId: string, viewer: Viewer) {
    const found = await deps.chargers.findById(chargerId);
    if (!found || !isVisibleTo(found.charger, viewer)) throw chargerNotFound();
    return found;
  }

  return {
    async capabilities(chargerId: string, viewer: Viewer): Promise<ChargerCapabilities> {
      const { connectors } = await chargerById(chargerId, viewer);
      const reported = await deps.commands
        .getConfiguration(chargerId, [...CAPABILITY_KEYS], CAPABILITY_TIMEOUT_MS)
        .catch((error: unknown) => {
          if (error instanceof AppError) return null;
          throw error;
        });
      const value = (key: string) =>
        reported?.configurationKey?.find((entry) => entry.key === key)?.value;
      const profiles = reported
        ? (value('SupportedFeatureProfiles') ?? '')
            .split(',')
            .map((profile) => profile.trim())
            .filter(Boolean)
        : null;
      return {
        connectors: connectors
          .filter((connector) => connector.connectorNumber !== 0)
          .map((connector) => ({
            connectornumber: connector.connectorNumber,
            type: connector.type,
            maxPowerKw: connector.maxPowerKw,
          })),
        remoteStart: true,
        remoteStop: true,
        unlock: true,
        smartCharging: profiles ? profiles.includes('SmartCharging') : null,
        // A charger that keeps the RFID keys of OCPP 1.6 §9.1 has a reader.
        rfid: reported
          ? value('LocalPreAuthorize') !== undefined || value('LocalAuthorizeOffline') !== undefined
          : null,
        featureProfiles: profiles,
      };
    },

    /**
     * The hold for this driver here: their group's tariff, if any, else the charger's (always
     * the charger's for a guest).
     */
    async preauth(chargerId: string, viewer: PriceViewer): Promise<PreauthResponse> {
      const { charger } = await chargerById(chargerId, viewer);
      const tariff =
        (await groupTariffOf(deps.memberTariff, viewer, chargerId)) ??
        tariffInput.parse(charger.tariff);
      // spec 001 §5: nothing is held on the card for a free tariff.
      return {
        amount: isTariffFree(tariff) ? 0 : DEFAULT_PREAUTH_MINOR,
        currency: tariff.currency,
      };
    },

    /** The caller's ongoing transaction on the connector; another user's is never shown. */
    async myTransaction(
      auth: AuthContext,
      chargerId: string,
      connector: number,
    ): Promise<MyTransactionData> {
      await chargerById(chargerId, auth);
      const ongoing = await deps.transactions.ongoing(chargerId, connector);
      const mine = ongoing.find(
        (row) => (auth.scope === 'guest' ? row.guestId : row.userId) === auth.userId,
      );
      if (!mine) return null;
      const samples = await deps.transactions.meterValues(mine.transactionId);
      const lastEnergy = samples.findLast((sample) => sample.energyWh !== null)?.energyWh;
      return {
        transactionId: mine.transactionId,
        connectorid: mine.connectorNumber,
        meterStartWh: mine.meterStartWh,
        energyWh: Math.max(0, (lastEnergy ?? mine.meterStartWh ?? 0) - (mine.meterStartWh ?? 0)),
        startedAt: mine.startedAt?.toISOString() ?? null,
      };
    },

    async unauthorizedAuths(barcode: string, viewer: Viewer): Promise<UnauthorizedAuths> {
      const found = await deps.chargers.findByBarcode(barcode);
      if (!found || !isVisibleTo(found.charger, viewer)) throw chargerNotFound();
      const since = new Date(deps.now().getTime() - UNAUTHORIZED_WINDOW_MS);
      const attempts = await deps.transactions.authorizeAttempts(
        found.charger.id,
        'Invalid',
        since,
      );
      return attempts.map((attempt) => ({
        idTag: attempt.idTag,
        at: attempt.attemptedAt.toISOString(),
      }));
    },
  };
}

export type ChargerCallsService = ReturnType<typeof createChargerCallsService>;
