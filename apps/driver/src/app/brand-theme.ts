import type { Brand } from '@evc/brands';

interface Rgb {
  r: number;
  g: number;
  b: number;
}

function parseHex(value: string): Rgb | null {
  const hex = value.trim().replace(/^#/, '');
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
  if (!/^[0-9a-f]{6}$/i.test(full)) return null;
  const number = Number.parseInt(full, 16);
  return { r: (number >> 16) & 255, g: (number >> 8) & 255, b: number & 255 };
}

function toHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b].map((part) => Math.round(part).toString(16).padStart(2, '0')).join('')}`;
}

function mix(color: Rgb, target: number, amount: number): Rgb {
  return {
    r: color.r + (target - color.r) * amount,
    g: color.g + (target - color.g) * amount,
    b: color.b + (target - color.b) * amount,
  };
}

function luminance({ r, g, b }: Rgb): number {
  const channel = (value: number) => {
    const s = value / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/**
 * A brand's style variables, plus what Ionic needs for each `--ion-color-<name>` given as a hex
 * colour and not spelled out by the brand: its -rgb, -shade, -tint, -contrast and -contrast-rgb.
 */
export function brandCssVariables(
  styles: Readonly<Record<string, string>>,
): Record<string, string> {
  const variables: Record<string, string> = { ...styles };
  for (const [name, value] of Object.entries(styles)) {
    const match = /^--ion-color-([a-z0-9]+)$/.exec(name);
    const color = match ? parseHex(value) : null;
    if (!match || !color) continue;
    const base = `--ion-color-${match[1]}`;
    const contrast = luminance(color) > 0.45 ? { r: 0, g: 0, b: 0 } : { r: 255, g: 255, b: 255 };
    const derived: Record<string, string> = {
      [`${base}-rgb`]: `${color.r}, ${color.g}, ${color.b}`,
      [`${base}-shade`]: toHex(mix(color, 0, 0.12)),
      [`${base}-tint`]: toHex(mix(color, 255, 0.1)),
      [`${base}-contrast`]: toHex(contrast),
      [`${base}-contrast-rgb`]: `${contrast.r}, ${contrast.g}, ${contrast.b}`,
    };
    for (const [key, derivedValue] of Object.entries(derived)) variables[key] ??= derivedValue;
  }
  return variables;
}

/** Brand colours on <html>, the brand name as the title, the brand icon as the favicon. */
export function applyBrand(brand: Brand, doc: Document = document): void {
  const root = doc.documentElement;
  for (const [name, value] of Object.entries(brandCssVariables(brand.styles))) {
    root.style.setProperty(name, value);
  }
  doc.title = brand.name;
  let icon = doc.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!icon) {
    icon = doc.createElement('link');
    icon.rel = 'icon';
    doc.head.append(icon);
  }
  icon.href = brand.icon;
  const primary = brand.styles['--ion-color-primary'];
  const themeColor = doc.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (primary && themeColor) themeColor.content = primary;
}
