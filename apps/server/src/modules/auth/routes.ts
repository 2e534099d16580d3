import type { RegisterCall } from '../../platform/http/call-registrar.ts';
import {
  bodyField,
  type RateLimit,
  type RateLimitedCall,
  type RateLimitSubject,
} from '../../platform/http/rate-limits.ts';
import type { MfaService } from './mfa-service.ts';
import type { AuthService } from './service.ts';

const loginName = bodyField('name');
const email = bodyField('email');
const registeringEmail: RateLimitSubject = (request) => {
  const { user } = request.body as { user?: { email?: unknown } };
  return typeof user?.email === 'string' ? user.email : undefined;
};
const account: RateLimitSubject = (request) => request.auth?.userId;
const phoneNumber: RateLimitSubject = (request) =>
  bodyField('phone_number')(request)?.replace(/[^\d]/g, '') || undefined;

export function registerAuthRoutes(
  register: RegisterCall,
  auth: AuthService,
  mfa: MfaService,
  limits: Readonly<Record<RateLimitedCall, RateLimit>>,
): void {
  register('login', ({ body }) => auth.login(body), {
    rateLimit: { ...limits.login, per: [loginName] },
  });
  register('mfaRequestToken', ({ body }) => auth.requestMfaCode(body), {
    rateLimit: { ...limits.mfaRequestToken, per: [loginName] },
  });
  register('mfaVerify', ({ body }) => auth.verifyMfa(body), {
    rateLimit: { ...limits.mfaVerify, per: [loginName] },
  });
  register('startRegistration', ({ body }) => auth.startRegistration(body), {
    rateLimit: { ...limits.startRegistration, per: [registeringEmail] },
  });
  register('requestRegistrationEmail', ({ body }) => auth.resendRegistrationEmail(body.email), {
    rateLimit: { ...limits.requestRegistrationEmail, per: [email] },
  });
  register('completeRegistration', ({ body }) => auth.completeRegistration(body));
  register('forgotPassword', ({ body }) => auth.forgotPassword(body.email), {
    rateLimit: { ...limits.forgotPassword, per: [email] },
  });
  register('resetPassword', ({ body }) => auth.resetPassword(body), {
    rateLimit: limits.resetPassword,
  });
  register('updatePassword', ({ auth: caller, body }) => auth.updatePassword(caller, body));
  register('checkToken', ({ auth: caller }) => Promise.resolve(auth.checkToken(caller)));
  register('refreshToken', ({ bearer, body }) => auth.refresh(bearer, body.uuid));
  register('logout', ({ auth: caller, body }) => auth.logout(caller, body.tokens.refreshToken));

  register('mfaMethods', ({ auth: caller }) => mfa.options(caller.userId));
  // Setting up an e-mail or phone method sends a code: counted per account and per number too.
  register(
    'mfaSetup',
    ({ auth: caller, body }) => mfa.setup(caller, body.method, body.phone_number),
    { rateLimit: { ...limits.mfaSetup, per: [account, phoneNumber] } },
  );
  register('mfaSetupConfirm', ({ auth: caller, body }) =>
    mfa.confirmSetup(caller, body.method, body.code),
  );
  register('mfaSetDefault', ({ auth: caller, body }) => mfa.setDefault(caller, body.method));
  register('mfaRemove', ({ auth: caller, body }) => mfa.remove(caller, body.method));
}
