import type { MfaOption } from '@evc/contract';
import type { MfaMethodRow } from '../../platform/db/schema.ts';

/** 'dana@example.com' → 'd***a@example.com'. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const shown =
    local.length <= 2 ? `${local.slice(0, 1)}***` : `${local.slice(0, 1)}***${local.slice(-1)}`;
  return `${shown}@${domain}`;
}

/** '+44 7700 900123' → '•••• 0123' (the last four digits only). */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `•••• ${digits.slice(-4)}`;
}

export const AUTHENTICATOR_HINT = 'Authenticator app';

export function toMfaOption(row: MfaMethodRow): MfaOption {
  const destination = row.destination ?? '';
  const hint =
    row.method === 'email'
      ? maskEmail(destination)
      : row.method === 'phone'
        ? maskPhone(destination)
        : AUTHENTICATOR_HINT;
  return { method: row.method, isDefault: row.isDefault, hint };
}
