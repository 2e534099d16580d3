/**
 * The message our server answers /resetPassword with when the token is unknown, used or expired.
 * spec 000 §5: reset password yields false when the server message says the token is invalid.
 */
export const RESET_TOKEN_INVALID_MESSAGE = 'The reset token is invalid or has expired';
export const RESET_TOKEN_INVALID_CODE = 'RESET_TOKEN_INVALID';

const TOKEN_INVALID = /\btoken\b.*\binvalid\b|\binvalid\b.*\btoken\b/i;

/** True when a server message says the token is invalid, in whatever word order or case. */
export function isResetTokenInvalidMessage(message: string | null | undefined): boolean {
  return message ? TOKEN_INVALID.test(message) : false;
}
