import { z } from 'zod';
import { tariffInput } from './chargers.ts';
import { isoDateTime, requestId, text, TEXT_LIMITS } from './shared.ts';

/**
 * A group's code as drivers type it: case and surrounding spaces do not matter, so the operator's
 * "Staff-2026" is joined with "staff-2026 ".
 */
export const groupCode = text(TEXT_LIMITS.code)
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9_-]{3,32}$/, '3 to 32 letters, digits, dashes or underscores');

/** The member's own code in the group (an employee or membership number); optional (spec 000 §2). */
export const memberCode = text(TEXT_LIMITS.code)
  .trim()
  .optional()
  .nullable()
  .transform((value) => (value ? value : null));

const id = requestId;

/** spec 001 §3 Affiliation: groupCode and userCode; usercode may be left empty. */
export const affiliationCode = z.object({ groupcode: groupCode, usercode: memberCode });
export type AffiliationCode = z.input<typeof affiliationCode>;

/** spec 000 §3 Affiliate: a group the driver has joined, as the driver sees it. */
export const joinedGroup = z.object({
  _id: z.string(),
  name: z.string(),
  groupCode: z.string(),
  userCode: z.string().nullable(),
  joinedAt: isoDateTime,
  /** Whether the group gives its members their own tariff at some chargers. */
  ownTariff: z.boolean(),
});
export type JoinedGroup = z.infer<typeof joinedGroup>;
export const joinedGroups = z.array(joinedGroup);

/** spec 000 §7 /removeSelfFromGroup: userid is the caller's own. */
export const removeSelfFromGroupRequest = z.object({ userid: id, groupid: id });
/** spec 000 §7 /addUserToGroupByCode: userid is the caller's own. */
export const addUserToGroupByCodeRequest = z.object({ code: affiliationCode, userid: id });
/** spec 000 §7 /development/usergroup/leavejoined. */
export const leaveJoinedGroupRequest = z.object({ groupid: id });
/** spec 000 §7 /development/usergroup/join/bycode. */
export const joinGroupByCodeRequest = z.object({ code: affiliationCode });

/** The operator's new group. */
export const groupInput = z.object({
  name: text(120).trim().min(1, 'is required'),
  groupcode: groupCode,
});
export type GroupInput = z.input<typeof groupInput>;

export const groupIdParams = z.object({ groupid: id });

/**
 * The group's own tariff at the named chargers; a null tariff takes the group's tariff off them,
 * so its members pay the charger's tariff again.
 */
export const groupTariffsInput = z.object({
  chargers: z
    .array(id)
    .min(1, 'name at least one charger')
    .max(500)
    .refine((list) => new Set(list).size === list.length, 'charger ids must differ'),
  tariff: tariffInput.nullable(),
});
export type GroupTariffsInput = z.input<typeof groupTariffsInput>;

/** A group as the operator reads it. */
export const groupView = z.object({
  _id: z.string(),
  name: z.string(),
  groupCode: z.string(),
  members: z.number().int().min(0),
  createdAt: isoDateTime,
  tariffs: z.array(z.object({ chargerid: z.string(), tariff: tariffInput })),
});
export type GroupView = z.infer<typeof groupView>;
