import { isStaff } from '@evc/domain';
import { AppError } from '../../platform/errors.ts';
import type { AuthContext, StaffGate } from '../../platform/http/call-registrar.ts';
import type { UserRepository } from '../users/repository.ts';
import type { AuditLog } from './audit-log.ts';

const staffOnly = () =>
  new AppError(403, 'STAFF_ONLY', 'Only support staff and operators may use the console');

/**
 * Who may make the console's calls: an account with the support or operator role whose session
 * was signed in with a second factor (issue 18); and the audit of masquerade calls.
 */
export function createStaffGate(deps: { users: UserRepository; audit: AuditLog }): StaffGate {
  return {
    async requireStaff(auth: AuthContext) {
      if (auth.scope !== 'full') throw staffOnly();
      const user = await deps.users.findById(auth.userId);
      if (!user || !isStaff(user.roles)) throw staffOnly();
      if (!auth.mfaPassed) {
        throw new AppError(
          403,
          'STAFF_MFA_REQUIRED',
          'Multi-factor authentication is required for staff: set up a method, then sign in with it',
        );
      }
    },

    async recordMasquerade(auth, call, outcome) {
      if (!auth.masquerade) return;
      await deps.audit.append({
        staffId: auth.masquerade.staffId,
        action: call,
        target: { kind: auth.scope === 'guest' ? 'guest' : 'user', id: auth.userId },
        reason: auth.masquerade.reason,
        masquerade: true,
        outcome,
      });
    },
  };
}
