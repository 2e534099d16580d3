import { pathSegments } from './url-path.ts';

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * spec 000 §2: an address with a completeRegistration segment completes a registration, one with
 * a reset segment opens /reset/{token}; any other address is a charger code taken from its last
 * path segment. The keywords are matched as whole segments (not substrings, so a charger called
 * 'preset' stays a charger); a keyword without a token after it, or an address without a path,
 * gives null.
 */
export function deepLinkTarget(url: string): string | null {
  const segments = pathSegments(url).map(decodeSegment);
  for (const keyword of ['completeRegistration', 'reset']) {
    const index = segments.indexOf(keyword);
    if (index !== -1) {
      const token = segments[index + 1];
      return token ? `/${keyword}/${encodeURIComponent(token)}` : null;
    }
  }
  const barcode = segments.at(-1);
  return barcode ? `/charger-details?barcode=${encodeURIComponent(barcode)}` : null;
}

const OLD_CHARGER_PATH = /^\/?home\/charging\/charger\/([^/?#]+)\/?$/;

/** spec 000 §2: home/charging/charger/{barcode} redirects to /charger-details/{barcode}. */
export function redirectChargerPath(path: string): string | null {
  const barcode = OLD_CHARGER_PATH.exec(path)?.[1];
  return barcode ? `/charger-details/${barcode}` : null;
}
