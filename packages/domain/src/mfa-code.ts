/** spec 000 §5, §9: MFA codes are 6 digits. */
export const MFA_CODE_LENGTH = 6;
const MFA_CODE_PATTERN = /^\d{6}$/;

/** Exactly six ASCII digits; nothing is trimmed, so spaces make it invalid. */
export function isMfaCode(text: string): boolean {
  return MFA_CODE_PATTERN.test(text);
}
