import type { IconDesign } from './brand-schema.ts';

const SHAPES: Record<IconDesign['shape'], string> = {
  circle: '<circle cx="64" cy="64" r="60" fill="{bg}"/>',
  'rounded-square': '<rect x="4" y="4" width="120" height="120" rx="28" fill="{bg}"/>',
  hexagon: '<path d="M64 4 116 34v60L64 124 12 94V34Z" fill="{bg}"/>',
  shield: '<path d="M64 4 116 20v40c0 32-22 54-52 64C34 114 12 92 12 60V20Z" fill="{bg}"/>',
};

const GLYPHS: Record<IconDesign['glyph'], string> = {
  bolt: '<path d="M70 22 38 70h22l-6 36 34-50H66Z" fill="{fg}"/>',
  plug: '<path d="M50 26v18M78 26v18M40 44h48v14a24 24 0 0 1-48 0ZM64 82v20" stroke="{fg}" stroke-width="8" stroke-linecap="round" fill="none"/>',
  leaf: '<path d="M32 96c0-40 24-64 64-64 0 40-24 64-64 64Zm0 0 40-40" stroke="{fg}" stroke-width="8" stroke-linejoin="round" fill="none"/>',
  wave: '<path d="M24 54c10-12 20-12 30 0s20 12 30 0 20-12 20-12M24 78c10-12 20-12 30 0s20 12 30 0 20-12 20-12" stroke="{fg}" stroke-width="8" stroke-linecap="round" fill="none"/>',
  sun: '<circle cx="64" cy="64" r="18" fill="{fg}"/><path d="M64 24v12M64 92v12M24 64h12M92 64h12M36 36l8 8M84 84l8 8M36 92l8-8M84 44l8-8" stroke="{fg}" stroke-width="7" stroke-linecap="round"/>',
  drop: '<path d="M64 22c18 24 30 40 30 56a30 30 0 0 1-60 0c0-16 12-32 30-56Z" fill="{fg}"/><path d="M68 56 54 80h12l-4 16 14-24H64Z" fill="{bg}"/>',
};

/** The brand's icon as an SVG document (128×128), served at /brand-icon/<id>.svg. */
export function renderIconSvg(design: IconDesign, title: string): string {
  const fill = (markup: string) =>
    markup.replaceAll('{bg}', design.background).replaceAll('{fg}', design.foreground);
  const safeTitle = title.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" width="128" height="128" role="img">',
    `<title>${safeTitle}</title>`,
    fill(SHAPES[design.shape]),
    fill(GLYPHS[design.glyph]),
    '</svg>',
  ].join('');
}
