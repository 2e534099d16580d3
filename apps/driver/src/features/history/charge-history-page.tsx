import { useState } from 'react';
import { IonButton, IonSpinner } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import type { ChargeHistoryItem } from '@evc/contract';
import { formatMoney } from '@evc/domain';
import { useSendReceipt } from '../../lib/api/calls/send-receipt.ts';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { useDates, useFormatLocale } from '../../lib/dates.ts';
import { useSession } from '../../lib/session/session-store.ts';
import { DebounceButton } from '../../ui/debounce-button/debounce-button.tsx';
import { ModalContainer } from '../../ui/modal-container/modal-container.tsx';
import { FormError, PageView } from '../../ui/page-view/page-view.tsx';
import { useChargeHistory } from '../../lib/api/calls/get-charge-history.ts';
import { ChargeDetails } from './charge-details.tsx';
import './history.css';

function ReceiptAction({ item }: { item: ChargeHistoryItem }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const { user } = useSession();
  const receipt = useSendReceipt();
  if (!item.finished) return null;
  return (
    <>
      {receipt.isSuccess ? (
        <p className="form-note" role="status">
          {t('history.receiptSent', { email: user?.email ?? '' })}
        </p>
      ) : (
        <DebounceButton
          size="small"
          fill="outline"
          disabled={receipt.isPending}
          onDebouncedClick={() => receipt.mutate(item._id)}
        >
          {t('history.emailReceipt')}
        </DebounceButton>
      )}
      <FormError message={receipt.error ? errorMessage(receipt.error) : null} />
    </>
  );
}

function HistoryItem({ item, onDetails }: { item: ChargeHistoryItem; onDetails: () => void }) {
  const { t } = useTranslation();
  const locale = useFormatLocale();
  const dates = useDates();
  return (
    <li className="history-item" data-id={item._id}>
      <div className="history-item__head">
        <div>
          <h2 className="history-item__name">{item.name}</h2>
          <p className="history-item__place">
            {[item.city, item.post_code].filter(Boolean).join(', ')}
          </p>
        </div>
        <div className="history-item__figures">
          <span className="history-item__cost" data-field="cost">
            {formatMoney(item.cost, item.currency, locale)}
          </span>
          <span className="history-item__kwh" data-field="kwh">
            {t('history.kwh', {
              kwh: new Intl.NumberFormat(locale, {
                minimumFractionDigits: 1,
                maximumFractionDigits: 1,
              }).format(item.kwh),
            })}
          </span>
        </div>
      </div>
      <p className="history-item__date">
        {dates.format(item.startdate, 'dateTime')}
        {!item.finished && <span className="history-item__live"> · {t('history.ongoing')}</span>}
      </p>
      <div className="history-item__actions">
        <IonButton size="small" onClick={onDetails}>
          {t('history.chargeDetails')}
        </IonButton>
        <ReceiptAction item={item} />
      </div>
    </li>
  );
}

/** spec 000 §2 chargehistory: the driver's charges, newest first, with details and receipts. */
export function ChargeHistoryPage() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const { user } = useSession();
  const history = useChargeHistory(user?.HRCode ?? '');
  const [open, setOpen] = useState<ChargeHistoryItem | null>(null);
  const items = history.data?.pages.flat() ?? [];
  return (
    <PageView title={t('history.title')}>
      {/* Issue 19: a failed refresh keeps the history last loaded on screen. */}
      {history.error && <FormError message={errorMessage(history.error)} />}
      {history.isPending ? (
        <IonSpinner name="crescent" color="primary" />
      ) : items.length === 0 ? (
        !history.error && <p className="form-note">{t('history.empty')}</p>
      ) : (
        <>
          <ul className="history-list">
            {items.map((item) => (
              <HistoryItem key={item._id} item={item} onDetails={() => setOpen(item)} />
            ))}
          </ul>
          {history.hasNextPage && (
            <IonButton
              expand="block"
              fill="clear"
              disabled={history.isFetchingNextPage}
              onClick={() => void history.fetchNextPage()}
            >
              {t('history.more')}
            </IonButton>
          )}
        </>
      )}
      <ModalContainer
        isOpen={open !== null}
        onClose={() => setOpen(null)}
        title={t('history.details')}
        closeLabel={t('history.close')}
        align="left"
      >
        {open && <ChargeDetails item={open} />}
      </ModalContainer>
    </PageView>
  );
}
