import type { RegisterCall } from '../../platform/http/call-registrar.ts';
import type { RateLimitedCall, RateLimit } from '../../platform/http/rate-limits.ts';
import type { MfaService } from './mfa-service.ts';
import type { AuthService } from './service.ts';

const field = (name: string) => (body: unknown) => {
  const value =
    body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : undefined;
};

export function registerAuthRoutes(
  register: RegisterCall,
  auth: AuthService,
  mfa: MfaService,
  limits: Readonly<Record<RateLimitedCall, RateLimit>>,
): void {
  register('login', ({ body }) => auth.login(body), {
    rateLimit: { ...limits.login, keyOf: field('name') },
  });
  register('mfaRequestToken', ({ body }) => auth.requestMfaCode(body), {
    rateLimit: { ...limits.mfaRequestToken, keyOf: field('name') },
  });
  register('mfaVerify', ({ body }) => auth.verifyMfa(body), {
    rateLimit: { ...limits.mfaVerify, keyOf: field('name') },
  });
  register('startRegistration', ({ body }) => auth.startRegistration(body));
  register('requestRegistrationEmail', ({ body }) => auth.resendRegistrationEmail(body.email), {
    rateLimit: { ...limits.requestRegistrationEmail, keyOf: field('email') },
  });
  register('completeRegistration', ({ body }) => auth.completeRegistration(body));
  register('forgotPassword', ({ body }) => auth.forgotPassword(body.email), {
    rateLimit: { ...limits.forgotPassword, keyOf: field('email') },
  });
  register('resetPassword', ({ body }) => auth.resetPassword(body), {
    rateLimit: limits.resetPassword,
  });
  register('updatePassword', ({ auth: caller, body }) => auth.updatePassword(caller, body));
  register('checkToken', ({ auth: caller }) => Promise.resolve(auth.checkToken(caller)));
  register('refreshToken', ({ bearer }) => auth.refresh(bearer));
  register('logout', ({ auth: caller, body }) => auth.logout(caller, body.tokens.refreshToken));

  register('mfaMethods', ({ auth: caller }) => mfa.options(caller.userId));
  register('mfaSetup', ({ auth: caller, body }) =>
    mfa.setup(caller, body.method, body.phone_number),
  );
  register('mfaSetupConfirm', ({ auth: caller, body }) =>
    mfa.confirmSetup(caller, body.method, body.code),
  );
  register('mfaSetDefault', ({ auth: caller, body }) => mfa.setDefault(caller, body.method));
  register('mfaRemove', ({ auth: caller, body }) => mfa.remove(caller, body.method));
}
