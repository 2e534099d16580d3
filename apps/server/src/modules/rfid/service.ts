import type { CallParsedRequest, RfidCard } from '@evc/contract';
import { newId } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db/database.ts';
import type { RfidCardRow } from '../../platform/db/schema.ts';
import { AppError, forbidden } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/call-registrar.ts';
import { createRfidRepository } from './repository.ts';

const takenByAnother = () =>
  new AppError(409, 'RFID_LINKED_ELSEWHERE', 'This card is already linked to another account');
const rfidNotFound = () => new AppError(404, 'RFID_NOT_FOUND', 'RFID card not found');

function wire(row: RfidCardRow): RfidCard {
  return {
    _id: row.id,
    uid: row.uid,
    cardnumber: row.cardnumber,
    name: row.name,
    is_from_scan: row.isFromScan,
    userid: row.userId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The driver's own check: every RFID call names its user, and it must be the caller. */
function ownUser(auth: AuthContext, userid: string) {
  if (userid !== auth.userId) throw forbidden();
}

/**
 * RFID cards: linking a card makes its uid an id tag of the driver's, which Authorize accepts at
 * any charger (and a session it starts is the driver's, see the sessions module).
 */
export function createRfidService(deps: { db: Db }) {
  const list = async (userId: string) =>
    (await createRfidRepository(deps.db).forUser(userId)).map(wire);

  /** Links the uid to the user once; linking a card the user already has answers that card. */
  function link(
    userId: string,
    card: { uid: string; cardnumber: string; name: string; isFromScan: boolean },
  ) {
    return deps.db.transaction(async (tx) => {
      const repo = createRfidRepository(tx);
      const tag = await repo.claimTag(card.uid, userId);
      // A remote-start tag of the same value, or another driver's card.
      if (tag?.kind !== 'rfid' || tag.userId !== userId) throw takenByAnother();
      const existing = await repo.byUid(card.uid);
      if (existing) return wire(existing);
      return wire(await repo.insert({ id: newId(), userId, ...card }));
    });
  }

  return {
    async userRfids(auth: AuthContext, body: CallParsedRequest<'getUserRFIDs'>) {
      ownUser(auth, body.userid);
      return list(auth.userId);
    },

    async create(auth: AuthContext, body: CallParsedRequest<'createRFID'>) {
      const { tagData } = body;
      ownUser(auth, tagData.userid);
      return link(auth.userId, {
        uid: tagData.uid,
        cardnumber: tagData.cardnumber ?? tagData.uid,
        name: tagData.name ?? '',
        isFromScan: tagData.is_from_scan,
      });
    },

    async linkByCardnumber(auth: AuthContext, body: CallParsedRequest<'linkRFIDByCardnumber'>) {
      ownUser(auth, body.userid);
      // Our printed card number is the card's uid (ADR 0007).
      return link(auth.userId, {
        uid: body.cardnumber,
        cardnumber: body.cardnumber,
        name: body.name ?? '',
        isFromScan: false,
      });
    },

    async unlink(auth: AuthContext, body: CallParsedRequest<'unlinkRFID'>) {
      ownUser(auth, body.userid);
      const removed = await deps.db.transaction((tx) =>
        createRfidRepository(tx).remove(body.rfidid, auth.userId),
      );
      // Another driver's card answers as if it did not exist.
      if (!removed) throw rfidNotFound();
      return list(auth.userId);
    },
  };
}

export type RfidService = ReturnType<typeof createRfidService>;
