import type { MfaMethod, MfaOption, SignedInUser } from '@evc/contract';
import { MFA_CODE_NOT_RECOGNISED, REGISTRATION_MESSAGES_EN } from '@evc/domain';
import { hmacHex, newId, randomSixDigits, sameHex } from '../../platform/crypto.ts';
import type { MfaCodePurpose, UserRow } from '../../platform/db/schema.ts';
import { accountGone, AppError, validationError } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/call-registrar.ts';
import type { Mailer } from '../mail/mailer.ts';
import { mfaCodeMail, mfaCodeSms } from '../mail/templates/render.ts';
import type { UserRepository } from '../users/repository.ts';
import type { MfaRepository } from './mfa-repository.ts';
import { toMfaOption } from './mfa-options.ts';
import type { TokenService } from './token-service.ts';
import { matchTotp, newTotpSecret, totpEnrolment } from './totp.ts';

/**
 * spec 000 §9 says delivery of a code can take up to 5 minutes. A code valid for only 5 minutes
 * could arrive already dead, so codes live 10: the slowest delivery still leaves 5 to type it.
 */
export const MFA_CODE_VALIDITY_MINUTES = 10;
export const MFA_MAX_WRONG_ATTEMPTS = 5;

export const codeNotRecognised = () =>
  new AppError(401, 'MFA_CODE_INVALID', MFA_CODE_NOT_RECOGNISED);

const methodNotAvailable = (method: MfaMethod) =>
  new AppError(
    400,
    'MFA_METHOD_NOT_AVAILABLE',
    `The ${method} method is not set up for this account`,
  );

export interface MfaServiceDeps {
  mfa: MfaRepository;
  users: UserRepository;
  tokens: TokenService;
  mailer: Mailer;
  codeKey: string;
  now: () => Date;
}

export function createMfaService(deps: MfaServiceDeps) {
  const hashCode = (codeId: string, code: string) => hmacHex(deps.codeKey, `${codeId}:${code}`);

  async function options(userId: string): Promise<MfaOption[]> {
    return (await deps.mfa.verifiedMethods(userId)).map(toMfaOption);
  }

  async function sendCode(
    user: UserRow,
    purpose: MfaCodePurpose,
    method: 'email' | 'phone',
    destination: string,
  ) {
    const id = newId();
    const code = randomSixDigits();
    await deps.mfa.replaceCode({
      id,
      userId: user.id,
      purpose,
      method,
      codeHash: hashCode(id, code),
      expiresAt: new Date(deps.now().getTime() + MFA_CODE_VALIDITY_MINUTES * 60_000),
    });
    const minutes = MFA_CODE_VALIDITY_MINUTES;
    if (method === 'email') {
      await deps.mailer.sendMail({
        to: destination,
        ...mfaCodeMail(user.languageCode, { firstName: user.firstName, code, minutes }),
      });
    } else {
      await deps.mailer.sendText({
        to: destination,
        text: mfaCodeSms(user.languageCode, { code, minutes }),
      });
    }
  }

  /** Checks a mailed or texted code: single use, expires, at most 5 wrong tries. */
  async function checkSentCode(
    userId: string,
    purpose: MfaCodePurpose,
    method: 'email' | 'phone',
    code: string,
  ) {
    const now = deps.now();
    const open = await deps.mfa.latestOpenCode(userId, purpose, method);
    if (!open || open.expiresAt <= now) throw codeNotRecognised();
    if (!sameHex(hashCode(open.id, code), open.codeHash)) {
      await deps.mfa.recordWrongAttempt(open.id, MFA_MAX_WRONG_ATTEMPTS, now);
      throw codeNotRecognised();
    }
    if (!(await deps.mfa.useCode(open.id, now))) throw codeNotRecognised();
  }

  async function checkTotp(
    userId: string,
    secret: string | null,
    lastStep: number | null,
    code: string,
  ) {
    if (!secret) throw codeNotRecognised();
    const step = await matchTotp(secret, code, deps.now(), lastStep);
    if (step === null || !(await deps.mfa.useTotpStep(userId, 'app', step)))
      throw codeNotRecognised();
  }

  async function account(userId: string): Promise<UserRow> {
    const user = await deps.users.findById(userId);
    if (!user) throw accountGone();
    return user;
  }

  return {
    options,

    /** Login step 2a: send a code by the chosen verified method (nothing to send for 'app'). */
    async sendLoginCode(user: UserRow, method: MfaMethod): Promise<void> {
      const row = await deps.mfa.findMethod(user.id, method);
      if (!row?.verifiedAt) throw methodNotAvailable(method);
      if (row.method === 'app') return;
      await sendCode(user, 'login', row.method, row.destination ?? '');
    },

    /** Login step 2b: the code must match a verified method. */
    async verifyLoginCode(user: UserRow, method: MfaMethod, code: string): Promise<void> {
      const row = await deps.mfa.findMethod(user.id, method);
      if (!row?.verifiedAt) throw methodNotAvailable(method);
      if (row.method === 'app') await checkTotp(user.id, row.totpSecret, row.totpLastStep, code);
      else await checkSentCode(user.id, 'login', row.method, code);
    },

    async setup(auth: AuthContext, method: MfaMethod, phoneNumber: string | undefined) {
      const user = await account(auth.userId);
      switch (method) {
        case 'email':
          await deps.mfa.savePending(user.id, 'email', {
            destination: user.email,
            totpSecret: null,
          });
          await sendCode(user, 'setup', 'email', user.email);
          return { method };
        case 'phone': {
          const destination = phoneNumber ?? user.phoneNumber;
          if (!destination)
            throw validationError(
              'phone_number',
              REGISTRATION_MESSAGES_EN['register.errors.phone'],
            );
          await deps.mfa.savePending(user.id, 'phone', { destination, totpSecret: null });
          await sendCode(user, 'setup', 'phone', destination);
          return { method };
        }
        case 'app': {
          const secret = newTotpSecret();
          await deps.mfa.savePending(user.id, 'app', { destination: null, totpSecret: secret });
          return { method, secret, ...(await totpEnrolment(secret, user.email)) };
        }
      }
    },

    /**
     * Proves the method works and makes it usable; the first method becomes the default. When
     * this completes an enforced setup, the limited session ends and a full one begins.
     */
    async confirmSetup(
      auth: AuthContext,
      method: MfaMethod,
      code: string,
    ): Promise<{ methods: MfaOption[]; user?: SignedInUser }> {
      const user = await account(auth.userId);
      const row = await deps.mfa.findMethod(user.id, method);
      if (!row)
        throw new AppError(
          400,
          'MFA_SETUP_NOT_STARTED',
          `Please start setting up the ${method} method first`,
        );
      if (row.method === 'app') await checkTotp(user.id, row.totpSecret, row.totpLastStep, code);
      else await checkSentCode(user.id, 'setup', row.method, code);
      const hasDefault = (await deps.mfa.verifiedMethods(user.id)).some((other) => other.isDefault);
      await deps.mfa.markVerified(user.id, method, deps.now(), !hasDefault);
      const methods = await options(user.id);
      if (auth.scope !== 'mfa-setup') return { methods };
      return { methods, user: await deps.tokens.upgradeSession(auth.sessionId) };
    },

    async setDefault(auth: AuthContext, method: MfaMethod): Promise<MfaOption[]> {
      const row = await deps.mfa.findMethod(auth.userId, method);
      if (!row?.verifiedAt) throw methodNotAvailable(method);
      await deps.mfa.setDefault(auth.userId, method);
      return options(auth.userId);
    },

    /** Removing the default makes the oldest remaining method the default. */
    async remove(auth: AuthContext, method: MfaMethod): Promise<MfaOption[]> {
      const user = await account(auth.userId);
      const verified = await deps.mfa.verifiedMethods(user.id);
      const removed = verified.find((row) => row.method === method);
      if (!removed) throw methodNotAvailable(method);
      if (user.mfaRequired && verified.length === 1) {
        throw new AppError(
          400,
          'MFA_METHOD_REQUIRED',
          'Your account requires multi-factor authentication; add another method before removing this one',
        );
      }
      await deps.mfa.remove(user.id, method);
      const [next] = verified.filter((row) => row.method !== method);
      if (removed.isDefault && next) await deps.mfa.setDefault(user.id, next.method);
      return options(user.id);
    },
  };
}

export type MfaService = ReturnType<typeof createMfaService>;
