/** Why the camera cannot scan: the driver refused it, or the device has none we can use. */
export type ScannerFailure = 'denied' | 'unavailable';

export class ScannerError extends Error {
  constructor(
    readonly reason: ScannerFailure,
    options?: { cause?: unknown },
  ) {
    super(`barcode scanner ${reason}`, options);
    this.name = 'ScannerError';
  }
}

export interface ScanSession {
  /** Turns the camera off. */
  stop(): Promise<void>;
}

/** Camera barcode scanning, one interface for the web and the phones. */
export interface BarcodeScanner {
  /**
   * Starts the camera and calls `onCode` with the text of each QR code or barcode read. The web
   * draws the camera into `preview`; a phone draws it behind the page, whose body then gets the
   * class `barcode-scanner-active`. Rejects with a ScannerError when the camera cannot be used.
   */
  start(preview: HTMLVideoElement, onCode: (text: string) => void): Promise<ScanSession>;
}

/** The codes found on chargers and their stickers. */
export const CHARGER_CODE_FORMATS = [
  'qr_code',
  'code_128',
  'code_39',
  'ean_13',
  'ean_8',
  'itf',
  'data_matrix',
] as const;

/** Body class while a phone shows the camera behind a transparent web view. */
export const NATIVE_SCAN_CLASS = 'barcode-scanner-active';
