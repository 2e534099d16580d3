import { useEffect, useRef, type ReactNode } from 'react';
import { IonButton, IonIcon, IonModal } from '@ionic/react';
import { closeOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import './modal-container.css';

export type ModalPadding = 'normal' | 'small' | 'none';
export type ModalAlign = 'center' | 'left';

export interface ModalContainerProps {
  isOpen: boolean;
  /**
   * The driver may close it: a close control in the header, the backdrop and Escape call this.
   * Without it the modal closes only through its own actions (a confirmation that must be given).
   */
  onClose?: () => void;
  /** The heading, which also names the dialog for screen readers. */
  title?: string;
  /** Names the dialog when it shows no title. */
  label?: string;
  /** An icon above the title (beside it when left-aligned). */
  icon?: string;
  /** The header's close control as text (Skip, Done) instead of a cross. */
  closeLabel?: string;
  /** spec 001 §2 options: normal padding by default, small, or none (a frame edge to edge). */
  padding?: ModalPadding;
  /** Centred by default; left for reading matter. */
  align?: ModalAlign;
  /** The action bar at the bottom, kept in view while the body scrolls. */
  actions?: ReactNode;
  /** A tap on the backdrop closes it (when it may be closed); on by default. */
  backdropDismiss?: boolean;
  role?: 'dialog' | 'alertdialog';
  /** On the modal element: its size (`--width`, `--height`) and a hook for tests. */
  className?: string;
  /** At most this wide (px), never wider than the screen. */
  maxWidthPx?: number;
  children?: ReactNode;
}

/**
 * spec 001 §2: the modal container wrapper every modal of the app is drawn in — an optional
 * header (icon, title, close), the body, and an optional action bar at the bottom; padding
 * normal, small or none; centred or left-aligned.
 */
export function ModalContainer({
  isOpen,
  onClose,
  title,
  label,
  icon,
  closeLabel,
  padding = 'normal',
  align = 'center',
  actions,
  backdropDismiss = true,
  role = 'dialog',
  className,
  maxWidthPx,
  children,
}: ModalContainerProps) {
  const { t } = useTranslation();
  // Ionic reports every dismissal; only one the driver made (backdrop, Escape, back button)
  // while the owner still holds the modal open is a close to report.
  const heldOpen = useRef(isOpen);
  useEffect(() => {
    heldOpen.current = isOpen;
  }, [isOpen]);
  const closable = onClose !== undefined;
  const hasHeader = title !== undefined || icon !== undefined || closable;
  const classes = [
    'modal-container',
    `modal-container--padding-${padding}`,
    `modal-container--${align}`,
    actions ? 'modal-container--with-actions' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <IonModal
      isOpen={isOpen}
      onDidDismiss={() => {
        if (heldOpen.current) onClose?.();
      }}
      backdropDismiss={closable && backdropDismiss}
      role={role}
      aria-label={title ?? label}
      className={['modal-container-host', className].filter(Boolean).join(' ')}
      style={maxWidthPx === undefined ? undefined : { '--width': `min(${maxWidthPx}px, 100vw)` }}
    >
      <div className={classes}>
        {hasHeader && (
          <header className="modal-container__header">
            {icon && <IonIcon className="modal-container__icon" icon={icon} aria-hidden="true" />}
            {title !== undefined && <h2 className="modal-container__title">{title}</h2>}
            {closable &&
              (closeLabel ? (
                <IonButton className="modal-container__close" fill="clear" onClick={onClose}>
                  {closeLabel}
                </IonButton>
              ) : (
                <IonButton
                  className="modal-container__close"
                  fill="clear"
                  color="medium"
                  onClick={onClose}
                  aria-label={t('common.close')}
                >
                  <IonIcon slot="icon-only" icon={closeOutline} />
                </IonButton>
              ))}
          </header>
        )}
        <div className="modal-container__body">{children}</div>
        {actions && <footer className="modal-container__actions">{actions}</footer>}
      </div>
    </IonModal>
  );
}
