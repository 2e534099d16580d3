import { mailOutline, phonePortraitOutline, qrCodeOutline } from 'ionicons/icons';
import type { MfaMethod } from '@evc/contract';

/** spec 000 §3: the three second-factor methods, in the order they are offered. */
export const MFA_METHODS: readonly MfaMethod[] = ['email', 'phone', 'app'];

export const MFA_METHOD_ICONS: Record<MfaMethod, string> = {
  email: mailOutline,
  phone: phonePortraitOutline,
  app: qrCodeOutline,
};
