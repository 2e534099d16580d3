import { IonButton, IonIcon, IonModal } from '@ionic/react';
import { closeCircle } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import './video-overlay.css';

export interface VideoOverlayProps {
  isOpen: boolean;
  videoUrl: string;
  /** Emitted by both close controls. */
  onClosed: () => void;
}

/** spec 001 §2: an embedded player (95% wide, 220px high) with a close icon and a Close button. */
export function VideoOverlay({ isOpen, videoUrl, onClosed }: VideoOverlayProps) {
  const { t } = useTranslation();
  return (
    <IonModal isOpen={isOpen} onDidDismiss={onClosed} className="video-overlay">
      <div className="video-overlay__body">
        <div className="video-overlay__top">
          <h2 className="video-overlay__title">{t('shell.video.title')}</h2>
          <IonButton fill="clear" color="medium" onClick={onClosed} aria-label={t('common.close')}>
            <IonIcon slot="icon-only" icon={closeCircle} />
          </IonButton>
        </div>
        {isOpen && (
          <iframe
            className="video-overlay__frame"
            src={videoUrl}
            title={t('shell.video.title')}
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
          />
        )}
        <IonButton expand="block" onClick={onClosed} className="video-overlay__close">
          {t('common.close')}
        </IonButton>
      </div>
    </IonModal>
  );
}
