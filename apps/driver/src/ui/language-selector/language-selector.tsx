import { useId, useState } from 'react';
import { IonButton, IonIcon, IonItem, IonLabel, IonList, IonPopover } from '@ionic/react';
import { checkmark, chevronDown } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import type { LanguageCode } from '@evc/domain';
import { useLanguage } from '../../lib/i18n.ts';
import './language-selector.css';

export function flagUrl(code: LanguageCode): string {
  return `/assets/flags/${code}.svg`;
}

export interface LanguageSelectorProps {
  /** 'dropdown': flag, name and arrow; 'flag': the flag alone with a light arrow (spec 001 §2). */
  variant?: 'dropdown' | 'flag';
  onChanged?: (code: LanguageCode) => void;
}

/**
 * Lists the server's languages whose translations are loaded, by name (spec 001 §9, 000 §9);
 * choosing one applies spec 001 §4.
 */
export function LanguageSelector({ variant = 'dropdown', onChanged }: LanguageSelectorProps) {
  const { t } = useTranslation();
  const { language, languages, setLanguage } = useLanguage();
  const [open, setOpen] = useState(false);
  const triggerId = `language-selector-${useId().replace(/:/g, '')}`;

  const choose = async (code: LanguageCode) => {
    setOpen(false);
    await setLanguage(code);
    onChanged?.(code);
  };

  return (
    <>
      <IonButton
        id={triggerId}
        fill={variant === 'flag' ? 'clear' : 'outline'}
        color={variant === 'flag' ? 'light' : 'medium'}
        className={`language-selector language-selector--${variant}`}
        onClick={() => setOpen(true)}
        aria-label={t('languages.choose')}
        aria-haspopup="listbox"
      >
        <img className="language-selector__flag" src={flagUrl(language)} alt="" />
        {variant === 'dropdown' && (
          <span className="language-selector__name">{t(`languages.${language}`)}</span>
        )}
        <IonIcon className="language-selector__arrow" icon={chevronDown} />
      </IonButton>
      <IonPopover
        isOpen={open}
        onDidDismiss={() => setOpen(false)}
        className="language-selector__popover"
      >
        <IonList lines="none" role="listbox" aria-label={t('languages.choose')}>
          {languages.map(({ code, language: name }) => (
            <IonItem
              key={code}
              button
              detail={false}
              role="option"
              aria-selected={code === language}
              onClick={() => void choose(code)}
            >
              <img slot="start" className="language-selector__flag" src={flagUrl(code)} alt="" />
              <IonLabel lang={code}>{name}</IonLabel>
              {code === language && <IonIcon slot="end" color="primary" icon={checkmark} />}
            </IonItem>
          ))}
        </IonList>
      </IonPopover>
    </>
  );
}
