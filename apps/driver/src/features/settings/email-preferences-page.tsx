import { useState, type FormEvent } from 'react';
import { IonItem, IonLabel, IonList } from '@ionic/react';
import { IonSelect, IonSelectOption } from '../../ui/ionic/ion-select.ts';
import { IonToggle } from '../../ui/ionic/ion-toggle.ts';
import { useTranslation } from 'react-i18next';
import type { EmailPrefs, User } from '@evc/contract';
import { DEFAULT_DECIMAL_DIGITS, formatMoney } from '@evc/domain';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { useSession } from '../../lib/session/session-store.ts';
import { PageView } from '../../ui/page-view/page-view.tsx';
import { ALERT_NAMES, thresholdOptions, withEnabled, type AlertName } from './alert-thresholds.ts';
import { useUpdateUser } from './api/update-user.ts';
import { SaveFooter } from './save-footer.tsx';
import './settings.css';
import { useFormatLocale } from '../../lib/dates.ts';

const ALERT_KEYS: Record<AlertName, string> = {
  credit_low_alert: 'creditLow',
  charge_finished_alert: 'chargeFinished',
};

function EmailPreferencesForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const locale = useFormatLocale();
  const errorMessage = useErrorMessage();
  const update = useUpdateUser();
  const [prefs, setPrefs] = useState<EmailPrefs>(user.email_prefs);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const currency = user.preferredCurrency;
  const digits = currency.decimal_digits ?? DEFAULT_DECIMAL_DIGITS;
  const money = (minor: number) => formatMoney(minor, currency, locale);

  const change = (alert: AlertName, next: EmailPrefs[AlertName]) => {
    setPrefs((current) => ({ ...current, [alert]: next }));
    setSaved(false);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    update.mutate(
      { email_prefs: prefs },
      {
        onSuccess: (updated) => {
          setPrefs(updated.email_prefs);
          setSaved(true);
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      {ALERT_NAMES.map((alert) => {
        const key = ALERT_KEYS[alert];
        const current = prefs[alert];
        return (
          <IonList inset className="settings-list alert-card" key={alert}>
            <IonItem lines="full">
              <IonToggle
                name={`${alert}.enabled`}
                checked={current.enabled}
                onIonChange={(event) =>
                  change(alert, withEnabled(alert, current, event.detail.checked, digits))
                }
              >
                <IonLabel>
                  <h3>{t(`emailPreferences.${key}.title`)}</h3>
                  <p className="ion-text-wrap">{t(`emailPreferences.${key}.description`)}</p>
                </IonLabel>
              </IonToggle>
            </IonItem>
            <IonItem lines="none">
              <IonSelect
                id={`${alert}-threshold`}
                name={`${alert}.threshold`}
                label={t(`emailPreferences.${key}.threshold`)}
                labelPlacement="stacked"
                interface="popover"
                disabled={!current.enabled}
                // Switched off, it shows the figure that switching on would pick.
                value={
                  current.enabled
                    ? current.threshold
                    : withEnabled(alert, current, true, digits).threshold
                }
                onIonChange={(event) =>
                  change(alert, { ...current, threshold: Number(event.detail.value) })
                }
              >
                {thresholdOptions(alert, current, digits).map((minor) => (
                  <IonSelectOption key={minor} value={minor}>
                    {minor === 0 ? t(`emailPreferences.${key}.every`) : money(minor)}
                  </IonSelectOption>
                ))}
              </IonSelect>
            </IonItem>
          </IonList>
        );
      })}
      <SaveFooter
        error={error}
        saved={saved}
        savedText={t('emailPreferences.saved')}
        saveText={t('emailPreferences.save')}
        pending={update.isPending}
      />
    </form>
  );
}

/** spec 000 §2 email-preferences; §3 email_prefs: which e-mails the driver receives, and when. */
export function EmailPreferencesPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <PageView
      title={t('emailPreferences.title')}
      subtitle={user ? t('emailPreferences.subtitle', { email: user.email }) : undefined}
    >
      {user && <EmailPreferencesForm user={user} />}
    </PageView>
  );
}
