import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { IonButton, IonSpinner } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  barcodeScanner,
  ScannerError,
  type BarcodeScanner,
  type ScannerFailure,
  type ScanSession,
} from '../../lib/platform/barcode-scanner.ts';
import { PageView } from '../../ui/page-view/page-view.tsx';
import { ChargerEntry } from '../../ui/charger-entry/charger-entry.tsx';
import { chargerBarcodeFromCode } from './charger-code.ts';
import { useFlowPath } from '../../lib/guest-paths.ts';
import './barcode-scanner.css';

type ScannerState = 'starting' | 'scanning' | ScannerFailure;

export interface BarcodeScannerPageProps {
  /** The platform's scanner unless another is given (tests give a fake one). */
  scanner?: BarcodeScanner;
}

/**
 * spec 000 §2: barcode-scanner — the camera reads a charger's QR code or barcode and opens its
 * details. When the camera is refused or missing, the driver types the code instead. The camera
 * is off as soon as the page is left.
 */
export function BarcodeScannerPage({ scanner = barcodeScanner }: BarcodeScannerPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { flowPath } = useFlowPath();
  const openCharger = useEffectEvent((barcode: string) =>
    navigate(flowPath(`/charger-details/${barcode}`)),
  );
  const preview = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<ScannerState>('starting');
  const [attempt, setAttempt] = useState(0);
  const [notCharger, setNotCharger] = useState(false);

  useEffect(() => {
    const video = preview.current;
    if (!video) return;
    let left = false;
    let opened = false;
    let session: ScanSession | null = null;
    const stopCamera = () => {
      void session?.stop();
      session = null;
    };
    setState('starting');
    scanner
      .start(video, (text) => {
        if (left || opened) return;
        const barcode = chargerBarcodeFromCode(text);
        setNotCharger(barcode === null);
        if (barcode === null) return;
        opened = true;
        stopCamera();
        openCharger(barcode);
      })
      .then(
        (started) => {
          if (left) void started.stop();
          else {
            session = started;
            setState('scanning');
          }
        },
        (error: unknown) => {
          if (!left) setState(error instanceof ScannerError ? error.reason : 'unavailable');
        },
      );
    return () => {
      left = true;
      stopCamera();
    };
  }, [scanner, attempt]);

  const failed = state === 'denied' || state === 'unavailable';
  return (
    <PageView title={t('barcodeScanner.title')}>
      <div className={`scanner-view${failed ? ' scanner-view--off' : ''}`}>
        <video ref={preview} className="scanner-view__video" muted playsInline />
        <div className="scanner-view__frame" aria-hidden="true" />
      </div>
      <div className="barcode-scanner-modal">
        {state === 'starting' && (
          <p className="scanner-status" role="status">
            <IonSpinner name="crescent" color="primary" /> {t('barcodeScanner.starting')}
          </p>
        )}
        {state === 'scanning' && (
          <p className="scanner-status" role="status">
            {notCharger ? t('barcodeScanner.notCharger') : t('barcodeScanner.hint')}
          </p>
        )}
        {failed && (
          <div className="form-error" role="alert">
            <strong>{t(`barcodeScanner.${state}.title`)}</strong>
            <p>{t(`barcodeScanner.${state}.message`)}</p>
            <IonButton fill="outline" size="small" onClick={() => setAttempt((n) => n + 1)}>
              {t('barcodeScanner.retry')}
            </IonButton>
          </div>
        )}
        <p className="section-label">{t('barcodeScanner.manual')}</p>
        <ChargerEntry />
      </div>
    </PageView>
  );
}
