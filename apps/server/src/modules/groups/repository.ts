import { and, asc, count, eq, exists, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import {
  chargers,
  userGroupMembers,
  userGroups,
  userGroupTariffs,
  type UserGroupRow,
} from '../../platform/db/schema.ts';

export interface MembershipRow {
  groupId: string;
  name: string;
  groupCode: string;
  userCode: string | null;
  joinedAt: Date;
  ownTariff: boolean;
}

export interface GroupSummaryRow extends UserGroupRow {
  members: number;
  tariffs: { chargerId: string; tariff: unknown }[];
}

export function createGroupRepository(db: Db) {
  const hasOwnTariff = exists(
    db
      .select({ one: userGroupTariffs.groupId })
      .from(userGroupTariffs)
      .where(eq(userGroupTariffs.groupId, userGroupMembers.groupId)),
  );

  const memberships = () =>
    db
      .select({
        groupId: userGroups.id,
        name: userGroups.name,
        groupCode: userGroups.groupCode,
        userCode: userGroupMembers.userCode,
        joinedAt: userGroupMembers.joinedAt,
        ownTariff: hasOwnTariff.mapWith(Boolean),
      })
      .from(userGroupMembers)
      .innerJoin(userGroups, eq(userGroups.id, userGroupMembers.groupId));

  // Read on every look a driver takes at a charger: built and prepared once (ADR 0030).
  const cheapestTariff = db
    .select({ tariff: userGroupTariffs.tariff })
    .from(userGroupTariffs)
    .innerJoin(userGroupMembers, eq(userGroupMembers.groupId, userGroupTariffs.groupId))
    .where(
      and(
        eq(userGroupMembers.userId, sql.placeholder('userId')),
        eq(userGroupTariffs.chargerId, sql.placeholder('chargerId')),
      ),
    )
    .orderBy(asc(userGroupTariffs.standardRate), asc(userGroupTariffs.groupId))
    .limit(1)
    .prepare('user_group_tariffs_cheapest');

  return {
    /** Adds a group; false when its code is taken already. */
    async insertGroup(group: typeof userGroups.$inferInsert): Promise<boolean> {
      const added = await db
        .insert(userGroups)
        .values(group)
        .onConflictDoNothing({ target: userGroups.groupCode })
        .returning({ id: userGroups.id });
      return added.length === 1;
    },

    async findGroupById(id: string): Promise<UserGroupRow | undefined> {
      const [row] = await db.select().from(userGroups).where(eq(userGroups.id, id));
      return row;
    },

    async findGroupByCode(groupCode: string): Promise<UserGroupRow | undefined> {
      const [row] = await db.select().from(userGroups).where(eq(userGroups.groupCode, groupCode));
      return row;
    },

    /** Every group with its member count and tariffs, oldest first (or only the one asked for). */
    async listGroups(onlyId?: string): Promise<GroupSummaryRow[]> {
      const groups = await db
        .select()
        .from(userGroups)
        .where(onlyId ? eq(userGroups.id, onlyId) : undefined)
        .orderBy(asc(userGroups.createdAt), asc(userGroups.id));
      if (groups.length === 0) return [];
      const ids = groups.map((group) => group.id);
      const counts = await db
        .select({ groupId: userGroupMembers.groupId, members: count() })
        .from(userGroupMembers)
        .where(inArray(userGroupMembers.groupId, ids))
        .groupBy(userGroupMembers.groupId);
      const tariffs = await db
        .select()
        .from(userGroupTariffs)
        .where(inArray(userGroupTariffs.groupId, ids))
        .orderBy(asc(userGroupTariffs.chargerId));
      return groups.map((group) => ({
        ...group,
        members: counts.find((row) => row.groupId === group.id)?.members ?? 0,
        tariffs: tariffs
          .filter((row) => row.groupId === group.id)
          .map((row) => ({ chargerId: row.chargerId, tariff: row.tariff })),
      }));
    },

    /** The groups a user has joined, first joined first. */
    joinedBy(userId: string): Promise<MembershipRow[]> {
      return memberships()
        .where(eq(userGroupMembers.userId, userId))
        .orderBy(asc(userGroupMembers.joinedAt), asc(userGroups.name));
    },

    async membership(groupId: string, userId: string): Promise<MembershipRow | undefined> {
      const [row] = await memberships().where(
        and(eq(userGroupMembers.groupId, groupId), eq(userGroupMembers.userId, userId)),
      );
      return row;
    },

    /** Adds a member; false when the user is in the group already. */
    async addMember(member: typeof userGroupMembers.$inferInsert): Promise<boolean> {
      const added = await db
        .insert(userGroupMembers)
        .values(member)
        .onConflictDoNothing()
        .returning({ groupId: userGroupMembers.groupId });
      return added.length === 1;
    },

    /** False when the user was not a member. */
    async removeMember(groupId: string, userId: string): Promise<boolean> {
      const removed = await db
        .delete(userGroupMembers)
        .where(and(eq(userGroupMembers.groupId, groupId), eq(userGroupMembers.userId, userId)))
        .returning({ groupId: userGroupMembers.groupId });
      return removed.length === 1;
    },

    /** Of these charger ids, the ones no charger has. */
    async missingChargers(ids: readonly string[]): Promise<string[]> {
      const found = await db
        .select({ id: chargers.id })
        .from(chargers)
        .where(inArray(chargers.id, [...ids]));
      const known = new Set(found.map((row) => row.id));
      return ids.filter((id) => !known.has(id));
    },

    /** Sets (or with null removes) the group's tariff at each charger, all or none. */
    async setTariffs(
      groupId: string,
      chargerIds: readonly string[],
      tariff: { standard_rate: number } | null,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .delete(userGroupTariffs)
          .where(
            and(
              eq(userGroupTariffs.groupId, groupId),
              inArray(userGroupTariffs.chargerId, [...chargerIds]),
            ),
          );
        if (!tariff) return;
        await tx.insert(userGroupTariffs).values(
          chargerIds.map((chargerId) => ({
            groupId,
            chargerId,
            tariff,
            standardRate: tariff.standard_rate,
          })),
        );
      });
    },

    /** The cheapest (by standard rate) tariff of the user's groups at the charger, if any. */
    async cheapestMemberTariff(userId: string, chargerId: string): Promise<unknown> {
      const [row] = await cheapestTariff.execute({ userId, chargerId });
      return row?.tariff;
    },

    /** As `cheapestMemberTariff`, at each of several chargers at once: by charger id. */
    async cheapestMemberTariffs(
      userId: string,
      chargerIds: readonly string[],
    ): Promise<{ chargerId: string; tariff: unknown }[]> {
      if (chargerIds.length === 0) return [];
      return db
        .selectDistinctOn([userGroupTariffs.chargerId], {
          chargerId: userGroupTariffs.chargerId,
          tariff: userGroupTariffs.tariff,
        })
        .from(userGroupTariffs)
        .innerJoin(userGroupMembers, eq(userGroupMembers.groupId, userGroupTariffs.groupId))
        .where(
          and(
            eq(userGroupMembers.userId, userId),
            inArray(userGroupTariffs.chargerId, [...chargerIds]),
          ),
        )
        .orderBy(
          asc(userGroupTariffs.chargerId),
          asc(userGroupTariffs.standardRate),
          asc(userGroupTariffs.groupId),
        );
    },
  };
}

export type GroupRepository = ReturnType<typeof createGroupRepository>;
