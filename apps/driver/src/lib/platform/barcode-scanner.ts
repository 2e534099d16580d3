import { Capacitor } from '@capacitor/core';
import type { BarcodeScanner } from './barcode-scanner-types.ts';
import { nativeBarcodeScanner } from './barcode-scanner-native.ts';
import { webBarcodeScanner } from './barcode-scanner-web.ts';

export * from './barcode-scanner-types.ts';

/** The platform's scanner: ML Kit in the Android and iOS apps, ZXing in browsers. */
export const barcodeScanner: BarcodeScanner = Capacitor.isNativePlatform()
  ? nativeBarcodeScanner
  : webBarcodeScanner;
