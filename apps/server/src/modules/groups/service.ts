import {
  tariffInput,
  type GroupView,
  type JoinedGroup,
  type TariffData,
  type groupInput,
  type groupTariffsInput,
  type affiliationCode,
} from '@evc/contract';
import type { z } from 'zod';
import { newId } from '../../platform/crypto.ts';
import { AppError, forbidden } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/call-registrar.ts';
import type { UserRepository } from '../users/repository.ts';
import type { GroupRepository, GroupSummaryRow, MembershipRow } from './repository.ts';

type AffiliationCode = z.output<typeof affiliationCode>;
type GroupInput = z.output<typeof groupInput>;
type GroupTariffsInput = z.output<typeof groupTariffsInput>;

/** spec 000 §8: the affiliation join error. */
export const AFFILIATION_JOIN_ERROR = 'Unable to join the group: please check the group code';

const unknownGroupCode = () => new AppError(404, 'AFFILIATION_JOIN_FAILED', AFFILIATION_JOIN_ERROR);
const alreadyMember = () =>
  new AppError(409, 'ALREADY_IN_GROUP', 'You have already joined this group');
const notJoined = () =>
  new AppError(404, 'GROUP_NOT_JOINED', 'groupid: you are not a member of this group', {
    field: 'groupid',
  });
const groupNotFound = () =>
  new AppError(404, 'GROUP_NOT_FOUND', 'groupid: no such group', { field: 'groupid' });
const groupCodeTaken = () =>
  new AppError(409, 'GROUP_CODE_TAKEN', 'groupcode: another group has this code', {
    field: 'groupcode',
  });

export interface GroupServiceDeps {
  groups: GroupRepository;
  users: UserRepository;
  now: () => Date;
}

const joinedGroupView = (row: MembershipRow): JoinedGroup => ({
  _id: row.groupId,
  name: row.name,
  groupCode: row.groupCode,
  userCode: row.userCode,
  joinedAt: row.joinedAt.toISOString(),
  ownTariff: row.ownTariff,
});

const groupView = (row: GroupSummaryRow): GroupView => ({
  _id: row.id,
  name: row.name,
  groupCode: row.groupCode,
  members: row.members,
  createdAt: row.createdAt.toISOString(),
  tariffs: row.tariffs.map((entry) => ({
    chargerid: entry.chargerId,
    tariff: tariffInput.parse(entry.tariff),
  })),
});

/** The calls that carry a userid act for the caller only. */
function requireSelf(auth: AuthContext, userId: string): void {
  if (userId !== auth.userId) throw forbidden();
}

/** Affiliations: drivers join and leave groups by code; operators make groups and their tariffs. */
export function createGroupService(deps: GroupServiceDeps) {
  const { groups } = deps;

  async function requireOperator(auth: AuthContext): Promise<string> {
    const user = await deps.users.findById(auth.userId);
    if (!user?.roles.includes('operator')) {
      throw new AppError(403, 'OPERATOR_ONLY', 'Only an operator can manage groups');
    }
    return user.id;
  }

  async function summary(groupId: string): Promise<GroupView> {
    const [row] = await groups.listGroups(groupId);
    if (!row) throw groupNotFound();
    return groupView(row);
  }

  const service = {
    async listJoined(auth: AuthContext): Promise<JoinedGroup[]> {
      return (await groups.joinedBy(auth.userId)).map(joinedGroupView);
    },

    async join(auth: AuthContext, code: AffiliationCode): Promise<JoinedGroup> {
      const group = await groups.findGroupByCode(code.groupcode);
      if (!group) throw unknownGroupCode();
      const added = await groups.addMember({
        groupId: group.id,
        userId: auth.userId,
        userCode: code.usercode,
        joinedAt: deps.now(),
      });
      if (!added) throw alreadyMember();
      const membership = await groups.membership(group.id, auth.userId);
      // The group was deleted between the insert and the read: the membership went with it.
      if (!membership) throw unknownGroupCode();
      return joinedGroupView(membership);
    },

    async leave(auth: AuthContext, groupId: string): Promise<true> {
      if (!(await groups.removeMember(groupId, auth.userId))) throw notJoined();
      return true;
    },

    joinAs(auth: AuthContext, userId: string, code: AffiliationCode): Promise<JoinedGroup> {
      requireSelf(auth, userId);
      return service.join(auth, code);
    },

    leaveAs(auth: AuthContext, userId: string, groupId: string): Promise<true> {
      requireSelf(auth, userId);
      return service.leave(auth, groupId);
    },

    async create(auth: AuthContext, input: GroupInput): Promise<GroupView> {
      const operatorId = await requireOperator(auth);
      const id = newId();
      const added = await groups.insertGroup({
        id,
        name: input.name,
        groupCode: input.groupcode,
        operatorId,
        createdAt: deps.now(),
      });
      if (!added) throw groupCodeTaken();
      return summary(id);
    },

    async list(auth: AuthContext): Promise<GroupView[]> {
      await requireOperator(auth);
      return (await groups.listGroups()).map(groupView);
    },

    async setTariffs(
      auth: AuthContext,
      groupId: string,
      input: GroupTariffsInput,
    ): Promise<GroupView> {
      await requireOperator(auth);
      if (!(await groups.findGroupById(groupId))) throw groupNotFound();
      const [missing] = await groups.missingChargers(input.chargers);
      if (missing !== undefined) {
        throw new AppError(404, 'CHARGER_NOT_FOUND', `chargers: no charger has the id ${missing}`);
      }
      await groups.setTariffs(groupId, input.chargers, input.tariff);
      return summary(groupId);
    },

    /**
     * The tariff a driver pays at a charger when one of their groups gives its own there (the
     * lowest standard rate when several do); null when the charger's own tariff applies.
     */
    async effectiveTariffFor(userId: string, chargerId: string): Promise<TariffData | null> {
      const stored = await groups.cheapestMemberTariff(userId, chargerId);
      return stored === undefined ? null : tariffInput.parse(stored);
    },

    /** As `effectiveTariffFor` at several chargers: the chargers where a group's tariff applies. */
    async effectiveTariffsFor(
      userId: string,
      chargerIds: readonly string[],
    ): Promise<Map<string, TariffData>> {
      const rows = await groups.cheapestMemberTariffs(userId, chargerIds);
      return new Map(rows.map((row) => [row.chargerId, tariffInput.parse(row.tariff)]));
    },
  };
  return service;
}

export type GroupService = ReturnType<typeof createGroupService>;
/** What other modules (chargers, sessions) need of groups. */
export type EffectiveTariffFor = GroupService['effectiveTariffFor'];
export type EffectiveTariffsFor = GroupService['effectiveTariffsFor'];
