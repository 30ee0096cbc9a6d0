// The colour maths that keeps the brand readable (WCAG 2.x contrast) and Mantine's variables for a primary colour.
// No zod here; kept apart from brand.ts, so the pages' first download (which reads the brand) does not carry it.

/** WCAG 2.1 AA for normal text: white text on the primary colour (buttons) and the colour as text on white. */
export const MIN_CONTRAST = 4.5;

const HEX = /^#[0-9a-f]{6}$/i;
export const isHexColor = (value: string) => HEX.test(value);

type Rgb = [number, number, number];

function rgbOf(hex: string): Rgb {
  if (!isHexColor(hex)) throw new Error(`not a #rrggbb colour: ${hex}`);
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const hexOf = (rgb: Rgb) =>
  `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** The relative luminance of WCAG 2.x (sRGB channels linearised; 0 for black, 1 for white). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, from 1 (the same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [relativeLuminance(a), relativeLuminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** `weight` of `hex` mixed with the rest of `other` (1: hex itself, 0: other). */
export function mixColors(hex: string, other: string, weight: number): string {
  const [a, b] = [rgbOf(hex), rgbOf(other)];
  return hexOf(a.map((c, i) => c * weight + (b[i] as number) * (1 - weight)) as Rgb);
}

/** The colour darkened until it reads at MIN_CONTRAST on `background` (or black, which always does). */
export function readableOn(hex: string, background: string): string {
  let color = hex;
  for (let step = 0; step < 20 && contrastRatio(color, background) < MIN_CONTRAST; step++) {
    color = mixColors(color, '#000000', 0.9);
  }
  return color;
}

/**
 * Mantine's colour variables for a primary colour (the theme's primary is 'blue'): shades 0-5 are tints for
 * backgrounds and borders, 6-9 the colour itself and a darker one, so any text drawn in a shade of 6 or more keeps
 * the colour's contrast. Set on the page by the server, so a new colour needs no new build.
 */
export function primaryColorVariables(hex: string): Record<string, string> {
  const darker = mixColors(hex, '#000000', 0.85);
  const tints = [0.08, 0.16, 0.3, 0.45, 0.6, 0.8].map((w) => mixColors(hex, '#ffffff', w));
  const light = mixColors(hex, '#ffffff', 0.1);
  const vars: Record<string, string> = {};
  tints.forEach((tint, shade) => {
    vars[`--mantine-color-blue-${shade}`] = tint;
  });
  Object.assign(vars, {
    '--mantine-color-blue-6': hex,
    '--mantine-color-blue-7': hex,
    '--mantine-color-blue-8': hex,
    '--mantine-color-blue-9': darker,
    '--mantine-color-blue-filled': hex,
    '--mantine-color-blue-filled-hover': darker,
    '--mantine-color-blue-light': light,
    '--mantine-color-blue-light-hover': mixColors(hex, '#ffffff', 0.16),
    '--mantine-color-blue-light-color': readableOn(hex, light),
    '--mantine-color-blue-outline': hex,
    '--mantine-color-blue-outline-hover': mixColors(hex, '#ffffff', 0.05),
    '--mantine-color-blue-text': hex,
    '--mantine-color-anchor': hex,
    '--mantine-primary-color-filled': hex,
    '--mantine-primary-color-filled-hover': darker,
    '--mantine-primary-color-light': light,
    '--mantine-primary-color-light-hover': mixColors(hex, '#ffffff', 0.16),
    '--mantine-primary-color-light-color': readableOn(hex, light),
  });
  return vars;
}

/**
 * The stylesheet a page carries for the brand's colour. The selector outranks Mantine's own (`:root` and
 * `:root[data-mantine-color-scheme=...]`, layered or not), so it wins wherever the sheets land in the page.
 */
export function primaryColorStylesheet(hex: string): string {
  const vars = Object.entries(primaryColorVariables(hex))
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
  return `html:root[data-mantine-color-scheme]{${vars}}`;
}
