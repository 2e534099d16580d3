import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordBarColours, passwordWarningDisplay, type PasswordStrength } from '@evc/domain';
import { Popover } from '../popover/popover.tsx';
import { assessPassword, type PasswordAssessment } from './password-strength.ts';
import './password-panel.css';

export interface PasswordPanelProps {
  password: string;
  /** Names, e-mail and the like: a password built from them is weak. */
  userInputs?: string[];
  /** The zxcvbn score (0–4) each time the password has been assessed. */
  onStrengthChange?: (score: PasswordStrength) => void;
}

const EMPTY: PasswordAssessment = { strength: 0, warningKeys: [] };

/**
 * spec 001 §2, §5: a five-bar strength meter (0–1 red, 2 amber, 3–4 green, unreached grey) and
 * the warnings: one inline, more than one as "view N errors" revealing all on hover or tap.
 */
export function PasswordPanel({ password, userInputs, onStrengthChange }: PasswordPanelProps) {
  const { t } = useTranslation();
  const [assessment, setAssessment] = useState<PasswordAssessment>(EMPTY);
  const inputsKey = (userInputs ?? []).join('\u0000');
  // An effect event, so a parent passing a new function each render does not re-run the check.
  const reportStrength = useEffectEvent((score: PasswordStrength) => onStrengthChange?.(score));

  useEffect(() => {
    let current = true;
    void assessPassword(password, inputsKey === '' ? [] : inputsKey.split('\u0000')).then(
      (next) => {
        if (!current) return;
        setAssessment(next);
        reportStrength(next.strength);
      },
    );
    return () => {
      current = false;
    };
  }, [password, inputsKey]);

  const empty = password === '';
  const shown = empty ? EMPTY : assessment;
  const bars = passwordBarColours(shown.strength).map((colour) => (empty ? 'grey' : colour));
  const warnings = shown.warningKeys.map((key) => t(key));
  const display = passwordWarningDisplay(warnings);
  const level = t(`password.levels.${empty ? 'empty' : shown.strength}`);

  return (
    <div className="password-panel" data-strength={empty ? 'none' : shown.strength}>
      <div
        className="password-panel__bars"
        role="meter"
        aria-label={t('password.strength')}
        aria-valuemin={0}
        aria-valuemax={4}
        aria-valuenow={shown.strength}
        aria-valuetext={level}
      >
        {bars.map((colour, index) => (
          <span
            key={index}
            className={`password-panel__bar password-panel__bar--${colour}`}
            data-colour={colour}
          />
        ))}
      </div>
      <p
        className={`password-panel__level password-panel__level--${empty ? 'grey' : (bars[0] ?? 'grey')}`}
      >
        {level}
      </p>
      {display.kind === 'single' && (
        <p className="password-panel__warning" role="status">
          {display.text}
        </p>
      )}
      {display.kind === 'many' && (
        <Popover
          label={t('password.invalidMany', { count: display.count })}
          linkClassName="password-panel__summary"
        >
          <ul className="password-panel__list">
            {warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </Popover>
      )}
    </div>
  );
}
