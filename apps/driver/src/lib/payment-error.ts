import { PAYMENT_ERRORS, type PaymentErrorName } from '@evc/domain';

/**
 * One of spec 000 §8's internal payment errors: its name, and the message the spec gives it. The
 * driver reads its translation (`paymentErrors.<name>`), through useErrorMessage.
 */
export class PaymentError extends Error {
  readonly code: PaymentErrorName;

  constructor(code: PaymentErrorName) {
    super(PAYMENT_ERRORS[code]);
    this.name = 'PaymentError';
    this.code = code;
  }
}
