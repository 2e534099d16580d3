import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { ModalContainer } from '../modal-container/modal-container.tsx';
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
    <ModalContainer
      isOpen={isOpen}
      onClose={onClosed}
      title={t('shell.video.title')}
      align="left"
      padding="small"
      className="video-overlay"
      actions={
        <IonButton expand="block" onClick={onClosed} className="video-overlay__close">
          {t('common.close')}
        </IonButton>
      }
    >
      {isOpen && (
        <iframe
          className="video-overlay__frame"
          src={videoUrl}
          title={t('shell.video.title')}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
        />
      )}
    </ModalContainer>
  );
}
