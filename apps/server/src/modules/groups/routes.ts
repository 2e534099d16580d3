import type { RegisterCall } from '../../platform/http/call-registrar.ts';
import type { GroupService } from './service.ts';

export function registerGroupRoutes(register: RegisterCall, groups: GroupService): void {
  register('listJoinedUserGroups', ({ auth }) => groups.listJoined(auth));
  register('removeSelfFromGroup', ({ auth, body }) =>
    groups.leaveAs(auth, body.userid, body.groupid),
  );
  register('addUserToGroupByCode', ({ auth, body }) => groups.joinAs(auth, body.userid, body.code));
  register('listJoinedGroups', ({ auth }) => groups.listJoined(auth));
  register('leaveJoinedGroup', ({ auth, body }) => groups.leave(auth, body.groupid));
  register('joinGroupByCode', ({ auth, body }) => groups.join(auth, body.code));
  register('operatorCreateGroup', ({ auth, body }) => groups.create(auth, body));
  register('operatorListGroups', ({ auth }) => groups.list(auth));
  register('operatorSetGroupTariffs', ({ auth, params, body }) =>
    groups.setTariffs(auth, params.groupid, body),
  );
}
