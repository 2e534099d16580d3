import { useId, useState, type FormEvent } from 'react';
import { majorAmountToMinor } from '@evc/domain';
import { currencyDigits } from '../lib/format.ts';
import { FormError } from './form-error.tsx';

export interface AmountField {
  currency: string;
  /** Left empty, the action takes its whole amount (a full refund). */
  optional?: boolean;
  /** The largest amount allowed, in minor units. */
  maxMinor?: number;
  hint?: string;
}

interface Props {
  /** The button that opens the form, and the form's submit button. */
  label: string;
  amount?: AmountField;
  /** Runs the action; answers what to tell the staff member. */
  onSubmit: (reason: string, amountMinor: number | undefined) => Promise<string>;
}

/**
 * An action staff take on a driver's account: a reason is always asked for (it goes to the audit
 * log with the action), and an amount typed in major units (e.g. 12.50) is sent in minor units.
 */
export function ReasonAction({ label, amount, onSubmit }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [amountText, setAmountText] = useState('');
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    let minor: number | undefined;
    if (amount && (amountText.trim() !== '' || !amount.optional)) {
      const parsed = majorAmountToMinor(amountText, currencyDigits(amount.currency));
      if (parsed === null || parsed < 1) {
        setError(`Amount: type an amount in ${amount.currency.toUpperCase()}, e.g. 12.50`);
        return;
      }
      if (amount.maxMinor !== undefined && parsed > amount.maxMinor) {
        setError('Amount: more than can be refunded');
        return;
      }
      minor = parsed;
    }
    setBusy(true);
    setError(undefined);
    onSubmit(reason.trim(), minor).then(
      (message) => {
        setBusy(false);
        setDone(message);
        setOpen(false);
        setReason('');
        setAmountText('');
      },
      (failure: unknown) => {
        setBusy(false);
        setError(failure instanceof Error ? failure.message : String(failure));
      },
    );
  };

  if (!open) {
    return (
      <div className="action">
        <button
          type="button"
          className="secondary"
          onClick={() => {
            setOpen(true);
            setDone(undefined);
          }}
        >
          {label}
        </button>
        {done && (
          <p className="success" role="status">
            {done}
          </p>
        )}
      </div>
    );
  }
  return (
    <form className="action-form stack" onSubmit={submit} aria-label={label}>
      {amount && (
        <label htmlFor={`${id}-amount`}>
          Amount ({amount.currency.toUpperCase()}){amount.hint ? ` — ${amount.hint}` : ''}
          <input
            id={`${id}-amount`}
            inputMode="decimal"
            value={amountText}
            onChange={(event) => setAmountText(event.target.value)}
            placeholder={amount.optional ? 'Leave empty for all' : '0.00'}
          />
        </label>
      )}
      <label htmlFor={`${id}-reason`}>
        Reason
        <textarea
          id={`${id}-reason`}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          minLength={3}
          required
          rows={2}
        />
      </label>
      <FormError error={error} />
      <div className="row">
        <button type="submit" disabled={busy}>
          {label}
        </button>
        <button type="button" className="link" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
