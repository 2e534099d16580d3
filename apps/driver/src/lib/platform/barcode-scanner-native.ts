import {
  BarcodeFormat,
  BarcodeScanner as MlKitScanner,
  type PermissionStatus,
} from '@capacitor-mlkit/barcode-scanning';
import {
  ScannerError,
  NATIVE_SCAN_CLASS,
  type BarcodeScanner,
  type ScanSession,
} from './barcode-scanner-types.ts';

const FORMATS = [
  BarcodeFormat.QrCode,
  BarcodeFormat.Code128,
  BarcodeFormat.Code39,
  BarcodeFormat.Ean13,
  BarcodeFormat.Ean8,
  BarcodeFormat.Itf,
  BarcodeFormat.DataMatrix,
];

function granted(status: PermissionStatus): boolean {
  return status.camera === 'granted' || status.camera === 'limited';
}

/** Android and iOS: ML Kit draws the camera behind the web view and reports the codes it reads. */
export const nativeBarcodeScanner: BarcodeScanner = {
  async start(_preview, onCode): Promise<ScanSession> {
    if (!(await MlKitScanner.isSupported()).supported) throw new ScannerError('unavailable');
    if (!granted(await MlKitScanner.checkPermissions())) {
      if (!granted(await MlKitScanner.requestPermissions())) throw new ScannerError('denied');
    }
    const listener = await MlKitScanner.addListener('barcodesScanned', (event) => {
      const text = event.barcodes[0]?.rawValue;
      if (text) onCode(text);
    });
    const stop = async () => {
      document.body.classList.remove(NATIVE_SCAN_CLASS);
      await listener.remove();
      await MlKitScanner.stopScan();
    };
    document.body.classList.add(NATIVE_SCAN_CLASS);
    try {
      await MlKitScanner.startScan({ formats: FORMATS });
    } catch (error) {
      await stop().catch(() => undefined);
      throw new ScannerError('unavailable', { cause: error });
    }
    return { stop };
  },
};
