import { z } from 'zod';
import { requestId, text, TEXT_LIMITS } from './shared.ts';

/**
 * An RFID card's uid as the charger reports it in Authorize (OCPP 1.6 idTag, CiString20, compared
 * case-insensitively). The card number printed on our cards is that same uid, often grouped with
 * spaces, colons or dashes: those are dropped and letters upper-cased, so "04:a2 1b" is "04A21B".
 */
export const rfidUid = text(TEXT_LIMITS.code)
  .transform((value) => value.replace(/[\s:-]/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .min(4, 'Please enter the number printed on the card.')
      .max(20, 'A card number has at most 20 characters')
      .regex(/^[0-9A-Z]+$/, 'A card number has only letters and digits'),
  );

const userid = requestId;
const cardName = text(40).trim();

/** spec 000 §3 Rfid: uid, cardnumber, name, is_from_scan, userid. */
export const rfidCard = z.object({
  _id: z.string(),
  uid: z.string(),
  cardnumber: z.string(),
  name: z.string(),
  is_from_scan: z.boolean(),
  userid: z.string(),
  createdAt: z.string(),
});
export type RfidCard = z.infer<typeof rfidCard>;

/** POST /createRFID {tagData{uid, cardnumber, is_from_scan, userid}}; name is ours (optional). */
export const createRfidRequest = z.object({
  tagData: z.object({
    uid: rfidUid,
    cardnumber: rfidUid.optional(),
    is_from_scan: z.boolean().default(false),
    userid,
    name: cardName.optional(),
  }),
});

/** POST /linkRFIDByCardnumber {cardnumber, userid}. */
export const linkRfidByCardnumberRequest = z.object({
  cardnumber: rfidUid,
  userid,
  name: cardName.optional(),
});

/** POST /unlinkRFID {rfidid, userid}. */
export const unlinkRfidRequest = z.object({ rfidid: requestId, userid });

/** POST /getUserRFIDs {userid}. */
export const userRfidsRequest = z.object({ userid });

export const rfidCardResponse = rfidCard;
export const userRfidsResponse = z.array(rfidCard);
