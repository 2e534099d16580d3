import { homeTariff, type CallParsedRequest, type HomeChargerView } from '@evc/contract';
import { ADOPTION_CODE_INCORRECT } from '@evc/domain';
import { AppError, validationError } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/call-registrar.ts';
import type { ChargerRepository, ChargerWithConnectors } from '../chargers/repository.ts';
import { adoptionCodeHash, chargerView } from '../chargers/service.ts';
import type { HomeRepository } from './repository.ts';
import type { ScheduleApplier } from './schedule-profile.ts';

/** spec 001 §8: the adoption error, word for word. */
export const adoptionCodeIncorrect = () =>
  new AppError(400, 'ADOPTION_CODE_INCORRECT', ADOPTION_CODE_INCORRECT, {
    field: 'accesscode',
  });

/** A home charger that is not the caller's reads as one that does not exist. */
export const homeChargerNotFound = () =>
  new AppError(404, 'CHARGER_NOT_FOUND', 'Charger Not Found');

/** A home charger as its owner reads it (spec 001 §3). */
export function homeChargerView(found: ChargerWithConnectors): HomeChargerView {
  const { charger } = found;
  const tariff = charger.homeTariff === null ? null : homeTariff.parse(charger.homeTariff);
  return {
    ...chargerView(found),
    scheduleType: charger.scheduleType,
    home_tariff_save: tariff !== null,
    homeTariff: tariff,
    settings: { offPeak: charger.offPeak, randomisedDelay: charger.randomisedDelay },
  };
}

/**
 * spec 001 §4, §6: an owner adopts a home charger with its installer's code, then reads and
 * changes it; nobody else can (404, as for a charger that does not exist).
 */
export function createHomeService(deps: {
  home: HomeRepository;
  chargers: ChargerRepository;
  applier: ScheduleApplier;
  now: () => Date;
}) {
  async function owned(auth: AuthContext, id: string): Promise<HomeChargerView> {
    const found = await deps.chargers.findById(id);
    if (!found?.charger.home || found.charger.ownerId !== auth.userId) throw homeChargerNotFound();
    return homeChargerView(found);
  }

  return {
    async list(auth: AuthContext): Promise<HomeChargerView[]> {
      const ids = await deps.home.ownedBy(auth.userId);
      return Promise.all(ids.map((id) => owned(auth, id)));
    },

    async claim(
      auth: AuthContext,
      body: CallParsedRequest<'claimCharger'>,
    ): Promise<HomeChargerView> {
      if (body.userid !== auth.userId) {
        throw new AppError(403, 'FORBIDDEN', 'userid: a charger is adopted for yourself only', {
          field: 'userid',
        });
      }
      const found = await deps.chargers.findByBarcode(body.chargerid);
      // An unknown charger, one that is not a home charger, one adopted already and a wrong code
      // are answered alike: the code is what proves the installer's card is in hand.
      if (!found?.charger.home) throw adoptionCodeIncorrect();
      const serial = body.serial?.trim();
      if (serial && found.charger.serialNumber && serial !== found.charger.serialNumber) {
        throw validationError('serial', "is not this charger's serial number");
      }
      const id = await deps.home.adopt({
        barcode: body.chargerid,
        codeHash: adoptionCodeHash(body.accesscode),
        ownerId: auth.userId,
        name: body.name,
        at: deps.now(),
      });
      if (!id) throw adoptionCodeIncorrect();
      // Issue 17: it charges by the UK default from now on; an offline one gets it on connect.
      await deps.applier.apply(id);
      return owned(auth, id);
    },

    async update(
      auth: AuthContext,
      id: string,
      body: CallParsedRequest<'updateHomeCharger'>,
    ): Promise<HomeChargerView> {
      const before = await owned(auth, id);
      const changed = await deps.home.updateOwned(id, auth.userId, {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.off_peak !== undefined ? { offPeak: body.off_peak } : {}),
        ...(body.randomised_delay !== undefined ? { randomisedDelay: body.randomised_delay } : {}),
        ...(body.home_tariff !== undefined ? { homeTariff: body.home_tariff } : {}),
      });
      if (!changed) throw homeChargerNotFound();
      const after = await owned(auth, id);
      // Issue 17: the flags change the charger's profile; it is sent now (or on reconnect).
      // A ready-by plan is priced at the home tariff: a new tariff may pick other half-hours.
      if (
        after.settings.offPeak !== before.settings.offPeak ||
        after.settings.randomisedDelay !== before.settings.randomisedDelay ||
        body.home_tariff !== undefined
      ) {
        await deps.applier.apply(id);
      }
      return after;
    },
  };
}

export type HomeService = ReturnType<typeof createHomeService>;
