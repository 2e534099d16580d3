import type {
  CallParsedRequest,
  CallResponse,
  RegistrationUser,
  SignedInUser,
} from '@evc/contract';
import {
  INCORRECT_CURRENT_PASSWORD_KEY,
  isApiVersionAccepted,
  normaliseLoginName,
  PASSWORD_CHANGE_MESSAGES_EN,
  REGISTRATION_MESSAGES_EN,
  RESET_TOKEN_INVALID_CODE,
  RESET_TOKEN_INVALID_MESSAGE,
  parseVersion,
} from '@evc/domain';
import { newId, randomToken, sha256Hex } from '../../platform/crypto.ts';
import { isUniqueViolation } from '../../platform/db/database.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { accountGone, AppError, validationError } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/call-registrar.ts';
import type { Mailer } from '../mail/mailer.ts';
import {
  accountExistsMail,
  passwordResetMail,
  registrationMail,
} from '../mail/templates/render.ts';
import type { ReferenceRepository } from '../reference/repository.ts';
import { uniqueHrCode } from '../users/hr-code.ts';
import type { UserRepository } from '../users/repository.ts';
import type { MfaService } from './mfa-service.ts';
import { isWeakPassword, type PasswordHasher } from '../../platform/passwords.ts';
import type { TokenService } from './token-service.ts';
import type { UserTokenRepository } from './user-token-repository.ts';

export const REGISTRATION_LINK_HOURS = 48;
export const RESET_LINK_MINUTES = 60;

export const ENFORCED_SETUP_MESSAGE =
  'Your account requires multi-factor authentication. Please set up a method to continue.';

const loginFailed = () =>
  new AppError(401, 'LOGIN_FAILED', 'Your username or password is incorrect');
const weakPassword = (field: string) =>
  new AppError(400, 'WEAK_PASSWORD', REGISTRATION_MESSAGES_EN['register.errors.weakPassword'], {
    field,
  });

/**
 * The guest a registration names (issue 15): checked and remembered at the start, handed over to
 * the account when the registration is completed. The guests module, above auth, provides it.
 */
export interface RegisteringGuest {
  assertActive(code: string): Promise<void>;
  registering(code: string, userId: string): Promise<void>;
  handOver(userId: string): Promise<void>;
}

export interface AuthServiceDeps {
  users: UserRepository;
  reference: ReferenceRepository;
  userTokens: UserTokenRepository;
  tokens: TokenService;
  mfa: MfaService;
  passwords: PasswordHasher;
  mailer: Mailer;
  appUrl: string;
  apiVersion: string;
  now: () => Date;
  guests?: RegisteringGuest;
}

export function createAuthService(deps: AuthServiceDeps) {
  const serverVersion = parseVersion(deps.apiVersion);
  if (!serverVersion) throw new RangeError(`Not a version: ${deps.apiVersion}`);

  const guestsOrRefuse = () => {
    if (!deps.guests) throw new AppError(404, 'GUEST_NOT_FOUND', 'No guest has this code');
    return deps.guests;
  };

  /** The account for a name and password, or LOGIN_FAILED with the same effort either way. */
  async function checkCredentials(name: string, password: string): Promise<UserRow> {
    const user = await deps.users.findByEmail(normaliseLoginName(name));
    if (!user) {
      await deps.passwords.verifyNothing(password);
      throw loginFailed();
    }
    if (!(await deps.passwords.verify(user.passwordHash, password))) throw loginFailed();
    if (!user.confirmedAt) {
      throw new AppError(
        403,
        'REGISTRATION_NOT_CONFIRMED',
        'Your registration is not confirmed yet. Please use the link in the e-mail we sent you.',
      );
    }
    return user;
  }

  async function sendRegistrationLink(user: UserRow) {
    const token = randomToken();
    await deps.userTokens.replace({
      tokenHash: sha256Hex(token),
      userId: user.id,
      kind: 'registration',
      expiresAt: new Date(deps.now().getTime() + REGISTRATION_LINK_HOURS * 3_600_000),
    });
    await deps.mailer.sendMail({
      to: user.email,
      ...registrationMail(user.languageCode, {
        firstName: user.firstName,
        link: `${deps.appUrl}/completeRegistration/${encodeURIComponent(token)}`,
        hours: REGISTRATION_LINK_HOURS,
      }),
    });
  }

  async function sendAccountExists(user: UserRow) {
    await deps.mailer.sendMail({
      to: user.email,
      ...accountExistsMail(user.languageCode, {
        firstName: user.firstName,
        signInLink: `${deps.appUrl}/login`,
        resetLink: `${deps.appUrl}/reset-password`,
      }),
    });
  }

  async function referenceCodes(user: RegistrationUser) {
    const [currency, country, language] = await Promise.all([
      deps.reference.findCurrency(user.preferredCurrency),
      deps.reference.findCountry(user.address.country),
      deps.reference.findLanguage(user.language),
    ]);
    if (!currency)
      throw validationError(
        'user.preferredCurrency',
        REGISTRATION_MESSAGES_EN['register.errors.currency'],
      );
    if (!country)
      throw validationError(
        'user.address.country',
        REGISTRATION_MESSAGES_EN['register.errors.country'],
      );
    return {
      currencyCode: currency.code,
      countryCode: country.code,
      languageCode: language?.code ?? 'en',
    };
  }

  return {
    async login(request: CallParsedRequest<'login'>): Promise<CallResponse<'login'>> {
      const { apiVersion } = request;
      const appApi = {
        major: apiVersion.majorversion,
        minor: apiVersion.minorversion,
        patch: apiVersion.patchversion,
      };
      if (!isApiVersionAccepted(appApi, serverVersion)) {
        throw new AppError(
          400,
          'APP_OUTDATED',
          'This version of the app is out of date, please update it',
        );
      }
      const user = await checkCredentials(request.name, request.password);
      const mfaOptions = await deps.mfa.options(user.id);
      if (mfaOptions.length > 0) return { mfaStage: 'RequestToken', mfaOptions };
      if (user.mfaRequired) {
        return {
          mfaStage: 'EnforcedSetup',
          message: ENFORCED_SETUP_MESSAGE,
          user: await deps.tokens.startSession(user.id, 'mfa-setup', request.uuid),
        };
      }
      return { user: await deps.tokens.startSession(user.id, 'full', request.uuid) };
    },

    async requestMfaCode(
      request: CallParsedRequest<'mfaRequestToken'>,
    ): Promise<CallResponse<'mfaRequestToken'>> {
      const user = await checkCredentials(request.name, request.password);
      await deps.mfa.sendLoginCode(user, request.method);
      return { sent: true, method: request.method };
    },

    async verifyMfa(request: CallParsedRequest<'mfaVerify'>): Promise<{ user: SignedInUser }> {
      const user = await checkCredentials(request.name, request.password);
      await deps.mfa.verifyLoginCode(user, request.method, request.mfaToken);
      return {
        user: await deps.tokens.startSession(user.id, 'full', request.uuid, { mfaPassed: true }),
      };
    },

    /**
     * Answers an address that already has an account exactly as a new one (same answer, same
     * work: a password hashed and one mail sent), and tells its owner instead of the caller.
     */
    async startRegistration({
      user,
      guestCode,
    }: CallParsedRequest<'startRegistration'>): Promise<{ email: string }> {
      if (guestCode !== undefined) await guestsOrRefuse().assertActive(guestCode);
      if (await isWeakPassword(user.password, [user.email, user.first_name, user.last_name]))
        throw weakPassword('user.password');
      const codes = await referenceCodes(user);
      const passwordHash = await deps.passwords.hash(user.password);
      const existing = await deps.users.findByEmail(user.email);
      if (existing) {
        await sendAccountExists(existing);
        return { email: user.email };
      }
      const now = deps.now();
      const id = newId();
      const inserted = deps.users.insert({
        id,
        email: user.email,
        passwordHash,
        firstName: user.first_name,
        lastName: user.last_name,
        hrCode: await uniqueHrCode((code) => deps.users.isHrCodeTaken(code)),
        roles: ['driver'],
        ...codes,
        phoneNumber: user.phone_number,
        addressLine1: user.address.line1,
        addressLine2: user.address.line2,
        addressCity: user.address.city,
        addressPostcode: user.address.postcode,
        emailPrefs: {
          credit_low_alert: { enabled: false, threshold: 0 },
          charge_finished_alert: { enabled: false, threshold: 0 },
        },
        acceptedTermsAt: now,
        acceptedPrivacyAt: now,
      });
      // Two registrations of one address at the same moment: the database keeps it unique, and
      // the second is answered as the first.
      const created = await inserted.then(
        () => deps.users.findById(id),
        async (error: unknown) => {
          const winner = isUniqueViolation(error) && (await deps.users.findByEmail(user.email));
          if (!winner) throw error;
          await sendAccountExists(winner);
          return undefined;
        },
      );
      if (created && guestCode !== undefined) {
        await guestsOrRefuse().registering(guestCode, created.id);
      }
      if (created) await sendRegistrationLink(created);
      return { email: user.email };
    },

    /** Sends a fresh link to an unconfirmed account; answers the same whatever the address. */
    async resendRegistrationEmail(email: string): Promise<{ sent: true }> {
      const user = await deps.users.findByEmail(email);
      if (user && !user.confirmedAt) await sendRegistrationLink(user);
      return { sent: true };
    },

    async completeRegistration(request: CallParsedRequest<'completeRegistration'>) {
      const userId = await deps.userTokens.consume(
        sha256Hex(request.token),
        'registration',
        deps.now(),
      );
      const user = userId ? await deps.users.findById(userId) : undefined;
      if (!user) {
        throw new AppError(
          400,
          'REGISTRATION_TOKEN_INVALID',
          'This confirmation link is invalid or has expired',
        );
      }
      await deps.users.update(user.id, { confirmedAt: deps.now() });
      await deps.guests?.handOver(user.id);
      return {
        _id: user.id,
        email: user.email,
        user: await deps.tokens.startSession(user.id, 'full', request.uuid),
      };
    },

    async forgotPassword(email: string): Promise<{ sent: true }> {
      const user = await deps.users.findByEmail(email);
      if (user) {
        const token = randomToken();
        await deps.userTokens.replace({
          tokenHash: sha256Hex(token),
          userId: user.id,
          kind: 'password-reset',
          expiresAt: new Date(deps.now().getTime() + RESET_LINK_MINUTES * 60_000),
        });
        await deps.mailer.sendMail({
          to: user.email,
          ...passwordResetMail(user.languageCode, {
            firstName: user.firstName,
            link: `${deps.appUrl}/reset/${encodeURIComponent(token)}`,
            minutes: RESET_LINK_MINUTES,
          }),
        });
      }
      return { sent: true };
    },

    /** A reset also confirms the address (the link was mailed to it) and ends every session. */
    async resetPassword({ token, password }: CallParsedRequest<'resetPassword'>): Promise<true> {
      if (await isWeakPassword(password)) throw weakPassword('password');
      const userId = await deps.userTokens.consume(sha256Hex(token), 'password-reset', deps.now());
      const user = userId ? await deps.users.findById(userId) : undefined;
      if (!user) throw new AppError(400, RESET_TOKEN_INVALID_CODE, RESET_TOKEN_INVALID_MESSAGE);
      await deps.users.update(user.id, {
        passwordHash: await deps.passwords.hash(password),
        confirmedAt: user.confirmedAt ?? deps.now(),
      });
      await deps.tokens.endUserSessions(user.id, 'password reset');
      return true;
    },

    /** Other sessions end; the one that changed the password stays signed in. */
    async updatePassword(
      auth: AuthContext,
      request: CallParsedRequest<'updatePassword'>,
    ): Promise<true> {
      const user = await deps.users.findById(auth.userId);
      if (!user) throw accountGone();
      if (!(await deps.passwords.verify(user.passwordHash, request.old_password))) {
        throw new AppError(
          400,
          'CURRENT_PASSWORD_INCORRECT',
          PASSWORD_CHANGE_MESSAGES_EN[INCORRECT_CURRENT_PASSWORD_KEY],
          { field: 'old_password' },
        );
      }
      if (await isWeakPassword(request.new_password, [user.email, user.firstName, user.lastName]))
        throw weakPassword('new_password');
      await deps.users.update(user.id, {
        passwordHash: await deps.passwords.hash(request.new_password),
      });
      await deps.tokens.endUserSessions(user.id, 'password changed', auth.sessionId);
      return true;
    },

    checkToken: (auth: AuthContext) => ({
      valid: true as const,
      expiry: auth.expiresAt.toISOString(),
      ...(auth.masquerade ? { masquerade: true } : {}),
    }),

    refresh: (refreshToken: string | undefined, deviceUuid: string) =>
      deps.tokens.rotate(refreshToken, deviceUuid),

    /** Ends the caller's session, and the one of the refresh token sent along if it is theirs. */
    async logout(auth: AuthContext, refreshToken: string | undefined): Promise<true> {
      await deps.tokens.endSession(auth.sessionId, 'logout');
      if (refreshToken) {
        const sessionId = await deps.tokens.sessionOfRefreshToken(refreshToken);
        if (sessionId && sessionId !== auth.sessionId) {
          await deps.tokens.endSessionOfUser(sessionId, auth.userId, 'logout');
        }
      }
      return true;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
