import { Component, useState, type ReactNode } from 'react';
import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { retryFailedPages } from '../lib/lazy-page.ts';
import { PageView } from '../ui/page-view/page-view.tsx';

/**
 * A page that cannot show (its code did not arrive on a weak signal, or it failed to draw) says
 * so and offers to try again, instead of leaving the driver a blank screen.
 */
export function PageFailureBoundary({ children }: { children: ReactNode }) {
  const [attempt, setAttempt] = useState(0);
  return (
    <FailureCatcher
      key={attempt}
      onRetry={() => {
        retryFailedPages();
        setAttempt((current) => current + 1);
      }}
    >
      {children}
    </FailureCatcher>
  );
}

interface CatcherProps {
  children: ReactNode;
  onRetry: () => void;
}

class FailureCatcher extends Component<CatcherProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <PageFailed onRetry={this.props.onRetry} /> : this.props.children;
  }
}

function PageFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <PageView title={t('shell.pageFailed.title')} subtitle={t('shell.pageFailed.message')}>
      <IonButton className="primary-action" expand="block" onClick={onRetry}>
        {t('common.retry')}
      </IonButton>
    </PageView>
  );
}
