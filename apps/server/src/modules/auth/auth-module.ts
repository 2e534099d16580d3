import type { Bus } from '../../platform/bus/bus.ts';
import type { AppConfig } from '../../platform/config.ts';
import type { Db } from '../../platform/db/database.ts';
import type { Authenticate, RegisterCall } from '../../platform/http/call-registrar.ts';
import type { RateLimit, RateLimitedCall } from '../../platform/http/rate-limits.ts';
import type { PasswordHasher } from '../../platform/passwords.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { ReferenceRepository } from '../reference/repository.ts';
import type { UserRepository } from '../users/repository.ts';
import type { AccountSecurity } from '../users/service.ts';
import { createMfaRepository } from './mfa-repository.ts';
import { createMfaService } from './mfa-service.ts';
import { registerAuthRoutes } from './routes.ts';
import { createAuthService, type RegisteringGuest } from './service.ts';
import { cachedSessions, createSessionCache } from './session-cache.ts';
import { createSessionRepository } from './session-repository.ts';
import { createTokenService } from './token-service.ts';
import { createUserTokenRepository } from './user-token-repository.ts';

export interface AuthModuleDeps {
  db: Db;
  bus: Bus;
  config: Pick<
    AppConfig,
    'jwtSecret' | 'accessTokenTtlSeconds' | 'refreshTokenTtlSeconds' | 'appUrl' | 'apiVersion'
  >;
  users: UserRepository;
  reference: ReferenceRepository;
  passwords: PasswordHasher;
  mailer: Mailer;
  limits: Readonly<Record<RateLimitedCall, RateLimit>>;
  now: () => Date;
  /** The guest a registration names (issue 15). */
  guests?: RegisteringGuest;
}

/** Sign-in, registration, passwords, multi-factor authentication and the tokens of a session. */
export function createAuthModule(deps: AuthModuleDeps) {
  const { config, now } = deps;
  const mfaRepository = createMfaRepository(deps.db);
  const tokens = createTokenService({
    jwtSecret: config.jwtSecret,
    accessTokenTtlSeconds: config.accessTokenTtlSeconds,
    refreshTokenTtlSeconds: config.refreshTokenTtlSeconds,
    sessions: cachedSessions(
      createSessionRepository(deps.db),
      createSessionCache({ bus: deps.bus, now: () => Date.now() }),
    ),
    now,
  });
  const mfa = createMfaService({
    mfa: mfaRepository,
    users: deps.users,
    tokens,
    mailer: deps.mailer,
    codeKey: config.jwtSecret,
    now,
  });
  const service = createAuthService({
    users: deps.users,
    reference: deps.reference,
    userTokens: createUserTokenRepository(deps.db),
    tokens,
    mfa,
    passwords: deps.passwords,
    mailer: deps.mailer,
    appUrl: config.appUrl,
    apiVersion: config.apiVersion,
    ...(deps.guests ? { guests: deps.guests } : {}),
    now,
  });

  return {
    tokens,
    authenticate: ((token) => tokens.authenticate(token)) satisfies Authenticate,
    /** What the account calls show and end of what auth keeps. */
    accountSecurity: {
      mfaOptions: (userId) => mfa.options(userId),
      removeMfa: (userId) => mfaRepository.removeAll(userId),
      endSessions: (userId, reason) => tokens.endUserSessions(userId, reason),
    } satisfies AccountSecurity,
    registerRoutes: (register: RegisterCall) =>
      registerAuthRoutes(register, service, mfa, deps.limits),
  };
}

export type AuthModule = ReturnType<typeof createAuthModule>;
