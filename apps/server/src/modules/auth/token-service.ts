import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { SignedInUser, TokenData } from '@evc/contract';
import { newId, randomToken, sha256Hex } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthContext, TokenScope } from '../../platform/http/call-registrar.ts';
import type { SessionRepository } from './session-repository.ts';

export interface TokenServiceDeps {
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  sessions: SessionRepository;
  now: () => Date;
}

const ISSUER = 'evc-server';
/**
 * Two requests of one device refreshing at once (two tabs, a retry after a lost answer) present
 * the same refresh token: for this long after its use, the device's latest-used token is answered
 * with another pair of the same session instead of being taken for a stolen one.
 */
export const REFRESH_REUSE_GRACE_MS = 30_000;
/** A masquerade token lives this long and is not refreshed (issue 18). */
export const MASQUERADE_TTL_SECONDS = 30 * 60;
const SCOPES: readonly TokenScope[] = ['full', 'mfa-setup', 'guest'];
/** How many verified access tokens a node remembers (a few hundred bytes each). */
const VERIFIED_TOKENS_KEPT = 20_000;

interface AccessClaims {
  sub: string;
  sid: string;
  scope: TokenScope;
  exp: number;
}

const tokenExpired = () =>
  new AppError(401, 'TOKEN_EXPIRED', 'Your session has expired, please refresh your token');
const sessionEnded = (message = 'Your session has ended, please sign in again') =>
  new AppError(401, 'SESSION_REVOKED', message, { forcelogout: true });

/**
 * Access tokens are short-lived JWTs (claims sub, scope, sid). Refresh tokens are opaque, stored
 * as SHA-256 hashes, and rotated on every use; a session is one refresh-token family, so
 * presenting an already-used refresh token revokes the session and every token in it (but see
 * REFRESH_REUSE_GRACE_MS).
 */
export function createTokenService(deps: TokenServiceDeps) {
  // Imported once: given the raw secret, jose imports it again for every token it signs or checks.
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(deps.jwtSecret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  const secondsFromNow = (seconds: number) => new Date(deps.now().getTime() + seconds * 1000);

  async function accessToken(
    userId: string,
    sessionId: string,
    scope: TokenScope,
    ttlSeconds: number,
    masquerade = false,
  ) {
    // Whole seconds, so the expiry we announce is exactly the token's exp claim.
    const expiry = new Date(Math.floor(secondsFromNow(ttlSeconds).getTime() / 1000) * 1000);
    const token = await new SignJWT({
      scope,
      sid: sessionId,
      ...(masquerade ? { masq: true } : {}),
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setJti(newId())
      .setIssuedAt(Math.floor(deps.now().getTime() / 1000))
      .setExpirationTime(Math.floor(expiry.getTime() / 1000))
      .sign(await key);
    return { token, expiry };
  }

  async function issuePair(
    userId: string,
    sessionId: string,
    scope: TokenScope,
  ): Promise<TokenData> {
    const access = await accessToken(userId, sessionId, scope, deps.accessTokenTtlSeconds);
    const refreshToken = randomToken();
    const refreshExpiry = secondsFromNow(deps.refreshTokenTtlSeconds);
    await deps.sessions.addRefreshToken({
      tokenHash: sha256Hex(refreshToken),
      sessionId,
      expiresAt: refreshExpiry,
    });
    return {
      auth: { token: access.token, expiry: access.expiry.toISOString() },
      refresh: { token: refreshToken, expiry: refreshExpiry.toISOString() },
    };
  }

  /**
   * A token's claims once its signature is checked: the same token string, signed by us, says
   * the same thing until it expires, so a node checks each signature once (ADR 0030) and only
   * the expiry on every call after.
   */
  const verified = new Map<string, AccessClaims>();
  async function verifiedClaims(accessToken: string): Promise<AccessClaims> {
    const nowSeconds = deps.now().getTime() / 1000;
    const kept = verified.get(accessToken);
    if (kept) {
      if (kept.exp > nowSeconds) return kept;
      verified.delete(accessToken);
      throw tokenExpired();
    }
    let payload;
    try {
      ({ payload } = await jwtVerify(accessToken, await key, {
        issuer: ISSUER,
        algorithms: ['HS256'],
        currentDate: deps.now(),
      }));
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) throw tokenExpired();
      throw error;
    }
    const { sub, sid, scope, exp } = payload;
    if (
      typeof sub !== 'string' ||
      typeof sid !== 'string' ||
      typeof exp !== 'number' ||
      !SCOPES.includes(scope as TokenScope)
    ) {
      throw tokenExpired();
    }
    const claims = { sub, sid, scope: scope as TokenScope, exp };
    if (verified.size >= VERIFIED_TOKENS_KEPT) {
      const oldest = verified.keys().next();
      if (!oldest.done) verified.delete(oldest.value);
    }
    verified.set(accessToken, claims);
    return claims;
  }

  /** The user or guest a session belongs to: the subject of its access tokens. */
  const ownerOf = (session: { userId: string | null; guestId: string | null }) =>
    session.userId ?? session.guestId ?? '';

  /** Starts a session (a new refresh-token family) and returns its first tokens. */
  async function startSession(
    userId: string,
    scope: TokenScope,
    deviceUuid: string,
    options: { mfaPassed?: boolean } = {},
  ): Promise<SignedInUser> {
    const sessionId = newId();
    await deps.sessions.createSession({
      id: sessionId,
      userId,
      scope,
      deviceUuid,
      mfaPassed: options.mfaPassed ?? false,
    });
    const tokenData = await issuePair(userId, sessionId, scope);
    return { token: tokenData.auth.token, tokenData };
  }

  return {
    startSession,

    /** Starts a guest's session on a device and returns its first tokens. */
    async startGuestSession(guestId: string, deviceUuid: string): Promise<TokenData> {
      const sessionId = newId();
      await deps.sessions.createSession({ id: sessionId, guestId, scope: 'guest', deviceUuid });
      return issuePair(guestId, sessionId, 'guest');
    },

    /**
     * A support masquerade (issue 18): a session of the driver or guest that carries the staff
     * member and the reason, with one access token of MASQUERADE_TTL_SECONDS and no refresh
     * token, so it cannot outlive that.
     */
    async startMasquerade(input: {
      driver: { kind: 'user' | 'guest'; id: string };
      staffId: string;
      reason: string;
    }): Promise<{ token: string; expiry: string }> {
      const sessionId = newId();
      const scope: TokenScope = input.driver.kind === 'guest' ? 'guest' : 'full';
      await deps.sessions.createSession({
        id: sessionId,
        ...(input.driver.kind === 'guest'
          ? { guestId: input.driver.id }
          : { userId: input.driver.id }),
        scope,
        deviceUuid: `masquerade:${input.staffId}`,
        masqueradeBy: input.staffId,
        masqueradeReason: input.reason,
      });
      const access = await accessToken(
        input.driver.id,
        sessionId,
        scope,
        MASQUERADE_TTL_SECONDS,
        true,
      );
      return { token: access.token, expiry: access.expiry.toISOString() };
    },

    async authenticate(accessToken: string): Promise<AuthContext> {
      const { sub, sid, scope, exp } = await verifiedClaims(accessToken);
      const session = await deps.sessions.findSession(sid);
      if (!session || session.revokedAt || ownerOf(session) !== sub) throw sessionEnded();
      return {
        userId: sub,
        sessionId: sid,
        scope,
        expiresAt: new Date(exp * 1000),
        mfaPassed: session.mfaPassed,
        ...(session.masqueradeBy
          ? {
              masquerade: {
                staffId: session.masqueradeBy,
                reason: session.masqueradeReason ?? '',
              },
            }
          : {}),
      };
    },

    /**
     * Exchanges a refresh token for a new pair in the same session. A token used again ends the
     * session, unless it is the session's latest used token, presented by the session's own
     * device within REFRESH_REUSE_GRACE_MS of its use.
     */
    async rotate(refreshToken: string | undefined, deviceUuid?: string): Promise<TokenData> {
      if (!refreshToken) throw sessionEnded('A refresh token is required');
      const tokenHash = sha256Hex(refreshToken);
      const record = await deps.sessions.findRefreshToken(tokenHash);
      if (!record) throw sessionEnded('Your refresh token is not valid, please sign in again');
      const now = deps.now();
      const session = await deps.sessions.findSession(record.sessionId);
      if (!session || session.revokedAt) throw sessionEnded();
      if (record.expiresAt <= now) {
        await deps.sessions.revokeSession(session.id, 'refresh token expired', now);
        throw sessionEnded('Your session has expired, please sign in again');
      }
      if (record.usedAt || !(await deps.sessions.useRefreshToken(tokenHash, now))) {
        // Lost a race with a concurrent use: that use's time decides.
        const usedAt = record.usedAt ?? (await deps.sessions.findRefreshToken(tokenHash))?.usedAt;
        const inGrace =
          usedAt !== null &&
          usedAt !== undefined &&
          now.getTime() - usedAt.getTime() <= REFRESH_REUSE_GRACE_MS &&
          deviceUuid === session.deviceUuid &&
          !(await deps.sessions.usedSince(session.id, usedAt));
        if (inGrace) return issuePair(ownerOf(session), session.id, session.scope);
        await deps.sessions.revokeSession(session.id, 'refresh token reused', now);
        throw new AppError(
          401,
          'REFRESH_TOKEN_REUSED',
          'This refresh token was already used; the session has been ended for your safety',
          { forcelogout: true },
        );
      }
      return issuePair(ownerOf(session), session.id, session.scope);
    },

    endSession: (sessionId: string, reason: string) =>
      deps.sessions.revokeSession(sessionId, reason, deps.now()),

    /** Ends a limited session and starts a full one on the same device (enforced MFA setup done). */
    async upgradeSession(sessionId: string): Promise<SignedInUser> {
      const session = await deps.sessions.findSession(sessionId);
      if (!session || session.revokedAt) throw sessionEnded();
      if (!session.userId) throw sessionEnded();
      await deps.sessions.revokeSession(session.id, 'upgraded to full scope', deps.now());
      // The setup just confirmed a second factor.
      return startSession(session.userId, 'full', session.deviceUuid, { mfaPassed: true });
    },

    async endSessionOfUser(sessionId: string, userId: string, reason: string) {
      const session = await deps.sessions.findSession(sessionId);
      if (session && ownerOf(session) === userId)
        await deps.sessions.revokeSession(sessionId, reason, deps.now());
    },

    endUserSessions: (userId: string, reason: string, exceptSessionId?: string) =>
      deps.sessions.revokeUserSessions(userId, reason, deps.now(), exceptSessionId),

    async sessionOfRefreshToken(refreshToken: string) {
      return (await deps.sessions.findRefreshToken(sha256Hex(refreshToken)))?.sessionId;
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
