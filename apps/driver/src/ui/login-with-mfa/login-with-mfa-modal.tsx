import { useTranslation } from 'react-i18next';
import type { MfaOption, SignedInUser } from '@evc/contract';
import { ModalContainer } from '../modal-container/modal-container.tsx';
import { MfaChallenge } from './mfa-challenge.tsx';
import './login-with-mfa.css';

/** A sign-in the server answered with RequestToken (spec 000 §4): who, and the methods offered. */
export interface MfaSignInChallenge {
  credentials: { name: string; password: string };
  options: MfaOption[];
}

export interface LoginWithMfaModalProps {
  /** Open while there is a challenge to answer; null closes it. */
  challenge: MfaSignInChallenge | null;
  /** The code was taken: the user with their tokens, for the page to finish signing in. */
  onVerified: (user: SignedInUser) => Promise<void>;
  /** Closed without a code (close button, Back, backdrop or Escape). */
  onDismiss: () => void;
}

/**
 * spec 000 §2 login-with-mfa, shared modal content: the sign-in's multi-factor step — choose a
 * method, have a code sent, enter the 6-digit code — for any page whose sign-in the server answers
 * with RequestToken.
 */
export function LoginWithMfaModal({ challenge, onVerified, onDismiss }: LoginWithMfaModalProps) {
  const { t } = useTranslation();
  return (
    <ModalContainer
      isOpen={challenge !== null}
      onClose={onDismiss}
      title={t('auth.mfa.title')}
      align="left"
      className="login-with-mfa"
    >
      <div className="login-with-mfa__body">
        <p className="page-view__subtitle">{t('auth.mfa.subtitle')}</p>
        {challenge && (
          <MfaChallenge
            credentials={challenge.credentials}
            options={challenge.options}
            onVerified={onVerified}
            onCancel={onDismiss}
          />
        )}
      </div>
    </ModalContainer>
  );
}
