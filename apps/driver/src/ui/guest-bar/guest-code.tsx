import { useState } from 'react';
import { IonButton, IonIcon } from '@ionic/react';
import { checkmarkOutline, copyOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import './guest-bar.css';

/** A guest's code with a copy button: the code is what brings the guest's sessions back. */
export function GuestCode({ code, hint = false }: { code: string; hint?: boolean }) {
  const { t } = useTranslation();
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copyCode = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopy('copied');
    } catch {
      // spec 000 §8: failed to copy text.
      setCopy('failed');
    }
  };
  return (
    <div className="guest-code">
      <span className="guest-code__label">{t('guestBar.code')}</span>
      <strong className="guest-code__value" data-testid="guest-code">
        {code}
      </strong>
      <IonButton
        fill="clear"
        size="small"
        className="guest-code__copy"
        aria-label={t('guestBar.copy', { code })}
        onClick={() => void copyCode()}
      >
        <IonIcon slot="icon-only" icon={copy === 'copied' ? checkmarkOutline : copyOutline} />
      </IonButton>
      <span className="guest-code__status" role="status">
        {copy === 'copied'
          ? t('guestBar.copied')
          : copy === 'failed'
            ? t('guestBar.copyFailed')
            : ''}
      </span>
      {hint && <p className="form-note guest-code__hint">{t('guestBar.keepCode')}</p>}
    </div>
  );
}
