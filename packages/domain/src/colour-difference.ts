/**
 * Issue 19: how far apart two colours look, as the CIE76 colour difference (ΔE*ab, the distance
 * between them in CIELAB under D65). About 2 is the smallest a person notices; two buttons side
 * by side read as different colours from about 30.
 */
export const DISTINCT_COLOUR_DIFFERENCE = 30;

type Lab = readonly [number, number, number];

function linear(channel: number): number {
  const value = channel / 255;
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

function labOf(hex: string): Lab {
  const digits = /^#([0-9a-f]{6})$/i.exec(hex.trim())?.[1];
  if (!digits) throw new Error(`not a #rrggbb colour: ${hex}`);
  const number = Number.parseInt(digits, 16);
  const [r, g, b] = [(number >> 16) & 255, (number >> 8) & 255, number & 255].map(linear) as [
    number,
    number,
    number,
  ];
  // sRGB → XYZ (D65), relative to the white point.
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  const [fx, fy, fz] = [f(x), f(y), f(z)];
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

/** ΔE*ab between two #rrggbb colours. */
export function colourDifference(first: string, second: string): number {
  const [l1, a1, b1] = labOf(first);
  const [l2, a2, b2] = labOf(second);
  return Math.hypot(l1 - l2, a1 - a2, b1 - b2);
}

/** Whether two colours side by side read as two different colours (issue 19). */
export function areDistinctColours(first: string, second: string): boolean {
  return colourDifference(first, second) >= DISTINCT_COLOUR_DIFFERENCE;
}
