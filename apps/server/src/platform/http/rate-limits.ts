export interface RateLimit {
  max: number;
  timeWindowMs: number;
}

export type RateLimitedCall =
  | 'login'
  | 'mfaRequestToken'
  | 'mfaVerify'
  | 'forgotPassword'
  | 'resetPassword'
  | 'requestRegistrationEmail'
  | 'guestIdentifier'
  | 'guestTokens';

const MINUTE = 60_000;

/** Per client address and, where the call names one, per login name or e-mail address. */
export const DEFAULT_RATE_LIMITS: Readonly<Record<RateLimitedCall, RateLimit>> = {
  login: { max: 20, timeWindowMs: 15 * MINUTE },
  mfaRequestToken: { max: 10, timeWindowMs: 15 * MINUTE },
  mfaVerify: { max: 10, timeWindowMs: 15 * MINUTE },
  forgotPassword: { max: 5, timeWindowMs: 60 * MINUTE },
  resetPassword: { max: 10, timeWindowMs: 60 * MINUTE },
  requestRegistrationEmail: { max: 5, timeWindowMs: 60 * MINUTE },
  guestIdentifier: { max: 30, timeWindowMs: 60 * MINUTE },
  guestTokens: { max: 30, timeWindowMs: 15 * MINUTE },
};
