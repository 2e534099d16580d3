import type { RegisterCall } from '../../platform/http/call-registrar.ts';
import type { UsersService } from './service.ts';

export function registerUserRoutes(register: RegisterCall, users: UsersService): void {
  // The driver's hot calls are written from their schema (ADR 0035).
  register('userdata', ({ auth }) => users.userdata(auth), { answerFromSchema: true });
  register('updateUser', ({ auth, params, body }) =>
    users.update(auth, params.userid, body.fields),
  );
  register('setUserLanguage', ({ auth, body }) => users.setLanguage(auth, body.userid, body.lang));
  register('getUserBalance', ({ auth, body }) =>
    users.balance(auth, body.userid, body.refresh === true),
  );
  register('getVisibilityPermissions', ({ auth }) => users.visibilityPermissions(auth));
  register('requestAccountDeletion', ({ auth }) => users.requestDeletion(auth));
}
