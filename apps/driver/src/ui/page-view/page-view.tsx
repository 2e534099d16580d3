import type { ReactNode } from 'react';
import { IonContent, IonPage } from '@ionic/react';
import { useBrand } from '../../lib/brand.ts';
import { FitText } from '../fit-text/fit-text.tsx';
import './page-view.css';

export interface PageViewProps {
  title: string;
  subtitle?: ReactNode;
  /** Shows the brand's icon and name above the title (sign-in pages, where there is no top bar). */
  withBrand?: boolean;
  /** The title is a name that must hold on one line (a charger's): its size fits the width. */
  fitTitle?: boolean;
  children: ReactNode;
}

/** spec 001 §2: the page view wrapper — a title, an optional subtitle and the content, on a card. */
export function PageView({
  title,
  subtitle,
  withBrand = false,
  fitTitle = false,
  children,
}: PageViewProps) {
  const { brand } = useBrand();
  return (
    <IonPage>
      <IonContent className="page-view">
        <main className="page-view__card">
          {withBrand && (
            <div className="page-view__brand">
              <img src={brand.icon} alt="" width={56} height={56} />
              <span>{brand.name}</span>
            </div>
          )}
          <h1 className="page-view__title">{fitTitle ? <FitText>{title}</FitText> : title}</h1>
          {subtitle && <p className="page-view__subtitle">{subtitle}</p>}
          {children}
        </main>
      </IonContent>
    </IonPage>
  );
}

/** A form's error, read out by screen readers when it appears; nothing when there is none. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}
