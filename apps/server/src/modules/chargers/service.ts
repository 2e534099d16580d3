import { type ConnectorsInTransaction, noneInTransaction } from './connectors-in-transaction.ts';
import {
  chargerInput,
  chargerPatch,
  tariffInput,
  type ChargerView,
  type TariffData,
} from '@evc/contract';
import { isTariffFree, toConnectorStatus } from '@evc/domain';
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { newId, sha256Hex } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/call-registrar.ts';
import type { PasswordHasher } from '../../platform/passwords.ts';
import type { UserRepository } from '../users/repository.ts';
import { createChargerList, type ChargerList, type ChargerListDeps } from './charger-list.ts';
import type {
  ChargerRepository,
  ChargerWithConnectors,
  NewCharger,
  NewConnector,
} from './repository.ts';

type ChargerInput = z.output<typeof chargerInput>;
type ChargerPatch = z.output<typeof chargerPatch>;

const notFound = () => new AppError(404, 'CHARGER_NOT_FOUND', 'Charger Not Found');

// Crockford's base32: no I, L, O or U, so a code read off a card is not misread.
const ADOPTION_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * spec 001 §4: the single-use code an installer leaves with a home charger, as XXXX-XXXX (40
 * random bits; claims are throttled per charger and per address).
 */
export function newAdoptionCode(): string {
  const bytes = randomBytes(8);
  const characters = [...bytes].map((byte) => ADOPTION_ALPHABET[byte % 32] ?? '0').join('');
  return `${characters.slice(0, 4)}-${characters.slice(4)}`;
}

/** The stored form of an adoption code: as typed, whatever its case, spaces and dashes. */
export const adoptionCodeHash = (code: string): string =>
  sha256Hex(code.toUpperCase().replace(/[\s-]/g, ''));

/** The operator's answer: a home charger's adoption code is shown when it is made, never after. */
export type OperatorChargerView = ChargerView & { adoptionCode?: string };
const barcodeTaken = () =>
  new AppError(409, 'BARCODE_TAKEN', 'barcode: another charger has this barcode', {
    field: 'barcode',
  });
const idTaken = () =>
  new AppError(409, 'CHARGE_POINT_ID_TAKEN', 'chargePointId: another charger has this id', {
    field: 'chargePointId',
  });

export interface ChargerServiceDeps {
  chargers: ChargerRepository;
  users: UserRepository;
  passwords: PasswordHasher;
  /** The driver's own tariff at a charger through a group they joined, or null. */
  memberTariff?: (userId: string, chargerId: string) => Promise<TariffData | null>;
  /** Which connectors run a transaction: a driver's look-up words them with it. */
  connectorsInTransaction?: ConnectorsInTransaction;
  /** How the charger list of each node hears of changes made on the others. */
  list?: Pick<ChargerListDeps, 'bus' | 'maxAgeMs' | 'log'>;
}

/**
 * A provisioned charger's row, from the operator's input (the password already hashed). It may
 * connect without a password only when provisioned without one on purpose.
 */
export function newChargerRow(
  input: ChargerInput,
  extras: { id: string; passwordHash: string | null; operatorId: string | null },
): NewCharger {
  return {
    ...extras,
    allowNoPassword: extras.passwordHash === null && input.allowNoPassword,
    chargePointId: input.chargePointId,
    barcode: input.barcode,
    name: input.name,
    address: input.address,
    city: input.city,
    postCode: input.post_code,
    country: input.country,
    lat: input.lat,
    lon: input.lon,
    tariff: storedTariff(input.tariff),
    home: input.home,
  };
}

/**
 * The tariff as stored: with its spec 001 §5 free flag worked out once on writing, so listing
 * 100,000 chargers need not read every variable tariff's 336 half-hours.
 */
export const storedTariff = (tariff: TariffData): TariffData & { free: boolean } => ({
  ...tariff,
  free: isTariffFree(tariff),
});

export const toConnectors = (list: ChargerInput['connectors']): NewConnector[] =>
  list.map((connector) => ({
    connectorNumber: connector.connectornumber,
    type: connector.type,
    maxPowerKw: connector.maxPowerKw,
  }));

/** Who a price is shown to: the caller's id and whether it is a user or a guest. */
export type PriceViewer = Pick<AuthContext, 'userId' | 'scope'>;

/**
 * The tariff a viewer's user group gives them at a charger, or null. A guest is in no group: it
 * always pays the charger's public tariff, whatever its id (issue 15).
 */
export async function groupTariffOf(
  memberTariff: ((userId: string, chargerId: string) => Promise<TariffData | null>) | undefined,
  viewer: PriceViewer,
  chargerId: string,
): Promise<TariffData | null> {
  if (viewer.scope === 'guest' || !memberTariff) return null;
  return memberTariff(viewer.userId, chargerId);
}

/** spec 000 §3: the charger as the app reads it. */
export function chargerView(
  { charger, connectors }: ChargerWithConnectors,
  inTransaction: ReadonlySet<number> = noneInTransaction,
): ChargerView {
  return {
    _id: charger.id,
    chargePointId: charger.chargePointId,
    name: charger.name,
    idTag: { barcode: charger.barcode },
    chargePointSerialNumber: charger.serialNumber,
    chargePointVendor: charger.vendor,
    chargePointModel: charger.model,
    firmwareVersion: charger.firmwareVersion,
    online: charger.online,
    lastheartbeatat: charger.lastHeartbeatAt?.toISOString() ?? null,
    address: charger.address,
    city: charger.city,
    post_code: charger.postCode,
    country: charger.country,
    lat: charger.lat,
    lon: charger.lon,
    home: charger.home,
    connectors: connectors.map((connector) => ({
      connectornumber: connector.connectorNumber,
      name: `Connector ${connector.connectorNumber}`,
      type: connector.type as ChargerView['connectors'][number]['type'],
      maxPowerKw: connector.maxPowerKw,
      currentStatus: {
        // As reported; the app words it with `online` (spec 000 §4: Offline overrides all).
        status: toConnectorStatus(connector.status),
        errorCode: connector.errorCode,
        at: connector.statusAt?.toISOString() ?? null,
        inTransaction: inTransaction.has(connector.connectorNumber),
      },
    })),
    tariff: tariffInput.parse(charger.tariff) satisfies TariffData,
  };
}

/** Operator provisioning (operator role only) and the driver's look-up by barcode. */
export function createChargerService(deps: ChargerServiceDeps) {
  async function requireOperator(auth: AuthContext): Promise<string> {
    const user = await deps.users.findById(auth.userId);
    if (!user?.roles.includes('operator')) {
      throw new AppError(403, 'OPERATOR_ONLY', 'Only an operator can manage chargers');
    }
    return user.id;
  }

  const publicList = createChargerList({
    chargers: deps.chargers,
    users: deps.users,
    ...deps.list,
  });

  async function load(id: string): Promise<ChargerWithConnectors> {
    const found = await deps.chargers.findById(id);
    if (!found) throw notFound();
    return found;
  }

  return {
    async create(auth: AuthContext, input: ChargerInput): Promise<OperatorChargerView> {
      const operatorId = await requireOperator(auth);
      if (await deps.chargers.isBarcodeTaken(input.barcode)) throw barcodeTaken();
      if (await deps.chargers.isChargePointIdTaken(input.chargePointId)) throw idTaken();
      const id = newId();
      const passwordHash = input.password ? await deps.passwords.hash(input.password) : null;
      const adoptionCode = input.home ? newAdoptionCode() : undefined;
      const added = await deps.chargers.insert(
        {
          ...newChargerRow(input, { id, passwordHash, operatorId }),
          ...(adoptionCode ? { adoptionCodeHash: adoptionCodeHash(adoptionCode) } : {}),
        },
        toConnectors(input.connectors),
      );
      // Another request took the barcode or id between the check and the insert.
      if (!added) throw barcodeTaken();
      return { ...chargerView(await load(id)), ...(adoptionCode ? { adoptionCode } : {}) };
    },

    async list(auth: AuthContext): Promise<ChargerView[]> {
      await requireOperator(auth);
      return (await deps.chargers.list()).map((found) => chargerView(found));
    },

    async get(auth: AuthContext, id: string): Promise<ChargerView> {
      await requireOperator(auth);
      return chargerView(await load(id));
    },

    async update(auth: AuthContext, id: string, patch: ChargerPatch): Promise<OperatorChargerView> {
      await requireOperator(auth);
      const { charger } = await load(id);
      if (patch.barcode && (await deps.chargers.isBarcodeTaken(patch.barcode, id)))
        throw barcodeTaken();
      if (
        patch.chargePointId &&
        (await deps.chargers.isChargePointIdTaken(patch.chargePointId, id))
      ) {
        throw idTaken();
      }
      const withoutPassword =
        patch.password === undefined ? charger.passwordHash === null : patch.password === null;
      const adoptionCode =
        (patch.home === true && !charger.home) ||
        (patch.newAdoptionCode && (patch.home ?? charger.home))
          ? newAdoptionCode()
          : undefined;
      const changes = {
        ...(patch.chargePointId !== undefined ? { chargePointId: patch.chargePointId } : {}),
        ...(patch.barcode !== undefined ? { barcode: patch.barcode } : {}),
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.address !== undefined ? { address: patch.address } : {}),
        ...(patch.city !== undefined ? { city: patch.city } : {}),
        ...(patch.post_code !== undefined ? { postCode: patch.post_code } : {}),
        ...(patch.country !== undefined ? { country: patch.country } : {}),
        ...(patch.lat !== undefined ? { lat: patch.lat } : {}),
        ...(patch.lon !== undefined ? { lon: patch.lon } : {}),
        ...(patch.tariff !== undefined ? { tariff: storedTariff(patch.tariff) } : {}),
        ...(patch.home !== undefined ? { home: patch.home } : {}),
        // A charger made a home charger, or given a new code, is adopted with a fresh code; one
        // made public again has no owner.
        ...(adoptionCode
          ? { adoptionCodeHash: adoptionCodeHash(adoptionCode), ownerId: null }
          : {}),
        ...(patch.home === false ? { adoptionCodeHash: null, ownerId: null, adoptedAt: null } : {}),
        ...(patch.password !== undefined
          ? {
              passwordHash:
                patch.password === null ? null : await deps.passwords.hash(patch.password),
            }
          : {}),
        // Only on purpose: a password set or removed clears it unless this patch sets it again.
        allowNoPassword:
          withoutPassword &&
          (patch.allowNoPassword ?? (patch.password === undefined && charger.allowNoPassword)),
      };
      await deps.chargers.update(
        id,
        changes,
        patch.connectors ? toConnectors(patch.connectors) : undefined,
      );
      return { ...chargerView(await load(id)), ...(adoptionCode ? { adoptionCode } : {}) };
    },

    async remove(auth: AuthContext, id: string): Promise<true> {
      await requireOperator(auth);
      if (!(await deps.chargers.remove(id))) throw notFound();
      return true;
    },

    /**
     * spec 000 §7: a driver's look-up of a charger by its 4-digit barcode; a member of a group
     * with its own tariff here sees that tariff; a guest sees the public one. A home charger is
     * found by its owner only.
     */
    async byBarcode(barcode: string, viewer: PriceViewer): Promise<ChargerView> {
      const found = await deps.chargers.findByBarcode(barcode);
      // A home charger is private (spec 001 §6): only its owner finds it.
      if (!found || (found.charger.home && found.charger.ownerId !== viewer.userId))
        throw notFound();
      // Which connectors run a transaction and the viewer's own tariff are read together.
      const [running, own] = await Promise.all([
        deps.connectorsInTransaction?.(found),
        groupTariffOf(deps.memberTariff, viewer, found.charger.id),
      ]);
      const view = chargerView(found, running ?? noneInTransaction);
      return own ? { ...view, tariff: own } : view;
    },

    /** spec 000 §7 /listChargers: the public chargers a driver may charge at, as columns. */
    listPublic: (auth: AuthContext, input: Parameters<ChargerList['list']>[1]) =>
      publicList.list(auth, input),

    close: () => publicList.close(),
  };
}

export type ChargerService = ReturnType<typeof createChargerService>;
