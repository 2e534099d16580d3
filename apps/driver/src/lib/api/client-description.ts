import { Capacitor } from '@capacitor/core';
import { Device } from '@capacitor/device';

/** spec 000 §7: the client description header (type driver, platform, OS, model, webview, screen). */
export interface ClientDescription {
  type: 'driver';
  platform: string;
  operatingSystem: string;
  osVersion: string;
  model: string;
  webViewVersion: string;
  resolution: string;
  pixelRatio: number;
}

let cached: Promise<string> | null = null;

async function describe(): Promise<string> {
  const screenSize = `${window.screen.width}x${window.screen.height}`;
  const base = {
    type: 'driver' as const,
    resolution: screenSize,
    pixelRatio: window.devicePixelRatio,
  };
  try {
    const info = await Device.getInfo();
    const description: ClientDescription = {
      ...base,
      platform: info.platform,
      operatingSystem: info.operatingSystem,
      osVersion: info.osVersion,
      model: info.model,
      webViewVersion: info.webViewVersion,
    };
    return JSON.stringify(description);
  } catch {
    const description: ClientDescription = {
      ...base,
      platform: Capacitor.getPlatform(),
      operatingSystem: 'unknown',
      osVersion: 'unknown',
      model: 'unknown',
      webViewVersion: navigator.userAgent,
    };
    return JSON.stringify(description);
  }
}

export function clientDescription(): Promise<string> {
  cached ??= describe();
  return cached;
}
