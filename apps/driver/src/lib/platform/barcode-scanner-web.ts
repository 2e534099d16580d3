// Vite emits the ZXing reader's WebAssembly as one of the app's own assets: the scanner never
// fetches it from a CDN (zxing-wasm's default), so it works offline and under a strict CSP.
import zxingReaderWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import {
  CHARGER_CODE_FORMATS,
  ScannerError,
  type BarcodeScanner,
  type ScanSession,
} from './barcode-scanner-types.ts';

/** How often a camera frame is read. */
const FRAME_INTERVAL_MS = 250;

/** The polyfill (and its WebAssembly) load only when a driver opens the scanner. */
async function createDetector() {
  const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill');
  prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) =>
        path.endsWith('.wasm') ? zxingReaderWasmUrl : `${prefix}${path}`,
    },
  });
  return new BarcodeDetector({ formats: [...CHARGER_CODE_FORMATS] });
}

function cameraError(error: unknown): ScannerError {
  const name = error instanceof DOMException ? error.name : '';
  const refused = name === 'NotAllowedError' || name === 'SecurityError';
  return new ScannerError(refused ? 'denied' : 'unavailable', { cause: error });
}

/** Browsers: getUserMedia for the camera, the BarcodeDetector polyfill (ZXing) to read it. */
export const webBarcodeScanner: BarcodeScanner = {
  async start(preview, onCode): Promise<ScanSession> {
    if (typeof navigator.mediaDevices?.getUserMedia !== 'function') {
      throw new ScannerError('unavailable');
    }
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: { ideal: 'environment' } },
        audio: false,
      });
    } catch (error) {
      throw cameraError(error);
    }
    const release = () => {
      for (const track of stream.getTracks()) track.stop();
      preview.srcObject = null;
    };

    let detector: Awaited<ReturnType<typeof createDetector>>;
    try {
      preview.srcObject = stream;
      preview.muted = true;
      preview.playsInline = true;
      await preview.play();
      detector = await createDetector();
    } catch (error) {
      release();
      throw new ScannerError('unavailable', { cause: error });
    }

    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const readFrame = async () => {
      if (stopped) return;
      if (preview.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
        try {
          const text = (await detector.detect(preview))[0]?.rawValue;
          if (text && !stopped) onCode(text);
        } catch {
          // A frame that cannot be read is skipped; the next one is tried.
        }
      }
      if (!stopped) timer = setTimeout(() => void readFrame(), FRAME_INTERVAL_MS);
    };
    void readFrame();

    return {
      stop: () => {
        stopped = true;
        clearTimeout(timer);
        release();
        return Promise.resolve();
      },
    };
  },
};
