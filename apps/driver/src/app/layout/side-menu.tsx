import { useEffect, useRef, useState } from 'react';
import {
  IonContent,
  IonFooter,
  IonIcon,
  IonItem,
  IonLabel,
  IonList,
  IonMenu,
  IonMenuToggle,
  IonNote,
} from '@ionic/react';
import { logOutOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { APP_VERSION } from '@evc/domain';
import { useBrand } from '../../lib/brand.ts';
import { useFeatureVisibility } from '../../lib/permissions.ts';
import { signOut, useSession } from '../../lib/session/session-store.ts';
import { LanguageSelector } from '../../ui/language-selector/language-selector.tsx';
import { VideoOverlay } from '../../ui/video-overlay/video-overlay.tsx';
import { GUEST_MENU_ENTRIES, MENU_ENTRIES, type MenuEntry } from './menu-items.ts';

export interface SideMenuProps {
  contentId: string;
  disabled: boolean;
  isRegistered: (path: string) => boolean;
}

/** spec 000 §2: links gated by permission, version, HRCode, logout and the language flags. */
export function SideMenu({ contentId, disabled, isRegistered }: SideMenuProps) {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const { user, guest } = useSession();
  const location = useLocation();
  const visible = useFeatureVisibility();
  const [videoOpen, setVideoOpen] = useState(false);
  const videoUrl = brand.howToVideoUrl;
  const menu = useRef<HTMLIonMenuElement>(null);
  const pathname = useRef(location.pathname);
  const openedOn = useRef(location.pathname);

  // A link tapped while the menu is still sliding in navigates, but Ionic ignores a close asked
  // for mid-animation: the menu then closes once it has finished opening, or as the page changes.
  useEffect(() => {
    pathname.current = location.pathname;
    void menu.current?.close();
  }, [location.pathname]);

  const entries: readonly MenuEntry[] = !user && guest ? GUEST_MENU_ENTRIES : MENU_ENTRIES;
  const shown = entries.filter((entry: MenuEntry) => {
    if (!visible(entry.permission)) return false;
    return entry.kind === 'link' ? isRegistered(entry.path) : Boolean(videoUrl);
  });

  return (
    <IonMenu
      ref={menu}
      menuId="main-menu"
      contentId={contentId}
      type="overlay"
      disabled={disabled}
      className="side-menu"
      onIonWillOpen={() => {
        openedOn.current = pathname.current;
      }}
      onIonDidOpen={() => {
        if (openedOn.current !== pathname.current) void menu.current?.close();
      }}
    >
      <IonContent>
        <div className="side-menu__header">
          <img className="side-menu__icon" src={brand.icon} alt="" />
          <div>
            <div className="side-menu__brand">{brand.name}</div>
            {user ? (
              <div className="side-menu__user">
                {user.first_name} {user.last_name}
              </div>
            ) : (
              guest && <div className="side-menu__user">{t('shell.guest')}</div>
            )}
          </div>
        </div>
        <IonList lines="none" className="side-menu__list">
          {shown.map((entry) =>
            entry.kind === 'link' ? (
              <IonMenuToggle key={entry.path} autoHide={false}>
                <IonItem
                  routerLink={entry.path}
                  routerDirection="root"
                  detail={false}
                  className={
                    location.pathname === entry.path
                      ? 'side-menu__item side-menu__item--active'
                      : 'side-menu__item'
                  }
                >
                  <IonIcon slot="start" icon={entry.icon} aria-hidden="true" />
                  <IonLabel>{t(entry.labelKey)}</IonLabel>
                </IonItem>
              </IonMenuToggle>
            ) : (
              <IonMenuToggle key="video" autoHide={false}>
                <IonItem
                  button
                  detail={false}
                  className="side-menu__item"
                  onClick={() => setVideoOpen(true)}
                >
                  <IonIcon slot="start" icon={entry.icon} aria-hidden="true" />
                  <IonLabel>{t(entry.labelKey)}</IonLabel>
                </IonItem>
              </IonMenuToggle>
            ),
          )}
          <IonMenuToggle autoHide={false}>
            <IonItem
              button
              detail={false}
              className="side-menu__item"
              onClick={() => void signOut()}
            >
              <IonIcon slot="start" icon={logOutOutline} aria-hidden="true" />
              <IonLabel>{t('shell.logout')}</IonLabel>
            </IonItem>
          </IonMenuToggle>
        </IonList>
      </IonContent>
      <IonFooter className="side-menu__footer ion-no-border">
        <div className="side-menu__language">
          <span>{t('shell.language')}</span>
          <LanguageSelector variant="dropdown" />
        </div>
        {(user ?? guest) && (
          <IonNote className="side-menu__meta">
            {t(user ? 'shell.hrCode' : 'shell.guestCode')}:{' '}
            <strong>{(user ?? guest)?.HRCode}</strong>
          </IonNote>
        )}
        <IonNote className="side-menu__meta">
          {t('shell.version', { version: APP_VERSION })}
        </IonNote>
      </IonFooter>
      {videoUrl && (
        <VideoOverlay isOpen={videoOpen} videoUrl={videoUrl} onClosed={() => setVideoOpen(false)} />
      )}
    </IonMenu>
  );
}
