import type { CallParsedRequest, CallResponse, ConsoleSession } from '@evc/contract';
import type { ChargingSessionRow } from '../../platform/db/schema.ts';
import type { AuditTargetKind } from '../../platform/db/support-schema.ts';
import { AppError, validationError } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/call-registrar.ts';
import { chargerOffline } from '../charge-point/charger-commands.ts';
import type { ChargerCommands } from '../charge-point/charger-commands.ts';
import type { Refunds } from '../payments/refunds.ts';
import type { SessionService } from '../sessions/service.ts';
import type { AuditLog } from './audit-log.ts';
import { consoleSessionOf, driverOverview, guestFound, userFound } from './overview.ts';
import type { SupportRepository } from './support-repository.ts';

export interface SupportServiceDeps {
  repo: SupportRepository;
  audit: AuditLog;
  refunds: Refunds;
  sessions: Pick<SessionService, 'remoteStop' | 'receipt'>;
  commands: Pick<ChargerCommands, 'unlockConnector'>;
  /** Auth's masquerade: a 30-minute access token of the driver's or guest's, not refreshable. */
  startMasquerade: (input: {
    driver: { kind: 'user' | 'guest'; id: string };
    staffId: string;
    reason: string;
  }) => Promise<{ token: string; expiry: string }>;
  now: () => Date;
}

const driverNotFound = () => new AppError(404, 'USER_NOT_FOUND', 'No driver or guest has this id');
const sessionNotFound = () =>
  new AppError(404, 'TRANSACTION_NOT_FOUND', 'No charging session has this id');

/** What staff do from the console (issue 18); every action is audited with its reason. */
export function createSupportService(deps: SupportServiceDeps) {
  const { repo, audit } = deps;

  /** Runs an action and records it, done or failed, with who, what, on whom and why. */
  async function audited<T>(
    auth: AuthContext,
    action: string,
    target: { kind: AuditTargetKind; id: string | null },
    reason: string | null,
    detail: string | undefined,
    work: () => Promise<T>,
  ): Promise<T> {
    const entry = { staffId: auth.userId, action, target, reason, detail };
    try {
      const result = await work();
      await audit.append({ ...entry, outcome: 'done' });
      return result;
    } catch (error) {
      const code = error instanceof AppError ? error.code : 'INTERNAL';
      await audit.append({ ...entry, outcome: `failed: ${code}` });
      throw error;
    }
  }

  /** The session's owner, as the sessions module knows callers: user or guest. */
  const ownerAuth = (row: ChargingSessionRow): AuthContext => ({
    userId: row.ownerId,
    sessionId: `console:${row.id}`,
    scope: row.guestId ? 'guest' : 'full',
    expiresAt: deps.now(),
  });
  const ownerTarget = (row: ChargingSessionRow) => ({
    kind: (row.guestId ? 'guest' : 'user') as AuditTargetKind,
    id: row.ownerId,
  });

  async function sessionOrFail(sessionId: string) {
    const row = await repo.session(sessionId);
    if (!row) throw sessionNotFound();
    return row;
  }

  async function consoleView(sessionId: string): Promise<ConsoleSession> {
    const row = await sessionOrFail(sessionId);
    const refunded = (await deps.refunds.refundedBySession([row.id])).get(row.id) ?? 0;
    return consoleSessionOf(row, await repo.paymentOf(row.id), refunded);
  }

  return {
    async find(auth: AuthContext, query: string): Promise<CallResponse<'consoleFindDrivers'>> {
      const found = await repo.find(query);
      // Who looked for whom: a search is recorded with what was asked.
      await audit.append({
        staffId: auth.userId,
        action: 'consoleFindDrivers',
        target: { kind: 'none', id: null },
        reason: null,
        detail: query,
      });
      return { drivers: [...found.users.map(userFound), ...found.guests.map(guestFound)] };
    },

    async overview(auth: AuthContext, driverId: string) {
      const found = await driverOverview(deps, driverId);
      if (!found) throw driverNotFound();
      // Reading a driver's account is recorded too.
      await audit.append({
        staffId: auth.userId,
        action: 'consoleDriverOverview',
        target: { kind: found.driver.kind, id: driverId },
        reason: null,
      });
      return found;
    },

    async stop(auth: AuthContext, sessionId: string, reason: string) {
      const row = await sessionOrFail(sessionId);
      return audited(
        auth,
        'consoleStopSession',
        ownerTarget(row),
        reason,
        `session ${row.id}`,
        async () => {
          await deps.sessions.remoteStop(ownerAuth(row), row.id);
          return consoleView(row.id);
        },
      );
    },

    async resendReceipt(auth: AuthContext, sessionId: string, reason: string): Promise<true> {
      const row = await sessionOrFail(sessionId);
      return audited(
        auth,
        'consoleResendReceipt',
        ownerTarget(row),
        reason,
        `session ${row.id}`,
        async () => {
          const guest = row.guestId ? await repo.guest(row.guestId) : undefined;
          if (row.guestId && !guest?.email)
            throw validationError('sessionid', 'the guest left no address for receipts');
          return deps.sessions.receipt(
            ownerAuth(row),
            { transactionid: row.id, ...(guest?.email ? { email: guest.email } : {}) },
            undefined,
          );
        },
      );
    },

    async refund(
      auth: AuthContext,
      sessionId: string,
      body: CallParsedRequest<'consoleRefund'>,
    ): Promise<CallResponse<'consoleRefund'>> {
      const row = await sessionOrFail(sessionId);
      const detail = `session ${row.id}, amount ${body.amount ?? 'all'}`;
      return audited(auth, 'consoleRefund', ownerTarget(row), body.reason, detail, () =>
        deps.refunds.refund({
          sessionId: row.id,
          amount: body.amount,
          reason: body.reason,
          staffId: auth.userId,
        }),
      );
    },

    async credit(
      auth: AuthContext,
      driverId: string,
      body: CallParsedRequest<'consoleCreditBalance'>,
    ): Promise<CallResponse<'consoleCreditBalance'>> {
      const user = await repo.user(driverId);
      if (!user) {
        if (await repo.guest(driverId))
          throw new AppError(409, 'GUEST_NOT_ALLOWED', 'A guest has no balance to credit');
        throw driverNotFound();
      }
      const detail = `amount ${body.amount} ${user.currencyCode}`;
      return audited(
        auth,
        'consoleCreditBalance',
        { kind: 'user', id: user.id },
        body.reason,
        detail,
        () => deps.refunds.credit({ userId: user.id, amount: body.amount }),
      );
    },

    async unlock(
      auth: AuthContext,
      chargerId: string,
      body: CallParsedRequest<'consoleUnlockConnector'>,
    ): Promise<true> {
      const connector = await repo.connector(chargerId, body.connectorid);
      if (!connector)
        throw new AppError(404, 'CONNECTOR_NOT_FOUND', 'No such charger or connector');
      const detail = `connector ${body.connectorid}`;
      return audited(
        auth,
        'consoleUnlockConnector',
        { kind: 'charger', id: chargerId },
        body.reason,
        detail,
        async () => {
          if (!connector.online) throw chargerOffline();
          const answer = await deps.commands.unlockConnector(chargerId, body.connectorid);
          if (answer.status !== 'Unlocked')
            throw new AppError(409, 'CHARGER_ERROR', `The charger answered ${answer.status}`);
          return true as const;
        },
      );
    },

    async masquerade(
      auth: AuthContext,
      driverId: string,
      reason: string,
    ): Promise<CallResponse<'consoleMasquerade'>> {
      const user = await repo.user(driverId);
      const guest = user ? undefined : await repo.guest(driverId);
      if (!user && (!guest || guest.removedAt)) throw driverNotFound();
      const kind = user ? 'user' : 'guest';
      return audited(
        auth,
        'consoleMasquerade',
        { kind, id: driverId },
        reason,
        undefined,
        async () => {
          const token = await deps.startMasquerade({
            driver: { kind, id: driverId },
            staffId: auth.userId,
            reason,
          });
          return { kind, driverId, ...token, masquerade: true as const };
        },
      );
    },

    async auditLog(query: { target?: string; limit?: number }) {
      const rows = await audit.list(query);
      return {
        entries: rows.map((row) => ({
          id: row.id,
          at: row.at.toISOString(),
          staffId: row.staffId,
          action: row.action,
          targetKind: row.targetKind,
          targetId: row.targetId,
          reason: row.reason,
          detail: row.detail,
          masquerade: row.masquerade,
          outcome: row.outcome,
        })),
      };
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
