/**
 * The association's e-mail colours (ASSOCIATION_COLOURS): hex colours only, and a primary colour
 * dark enough for white text on it (WCAG AA for normal text: a contrast ratio of at least 4.5:1),
 * since e-mail headers and buttons write white on the primary colour.
 */
export interface Colours {
  /** Header band and buttons, with white text on it. */
  primary: string;
  /** A thin line under the header: decoration only, never behind text. */
  accent: string;
}

export const DEFAULT_COLOURS: Colours = { primary: '#1c4e80', accent: '#e8a33d' };

/** The least contrast of white text on the primary colour (WCAG 2 AA, normal text). */
export const MIN_WHITE_CONTRAST = 4.5;

const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** '#abc' → '#aabbcc', lower case. */
function fullHex(hex: string): string {
  const body = hex.slice(1).toLowerCase();
  return `#${body.length === 3 ? [...body].map((c) => c + c).join('') : body}`;
}

function luminance(hex: string): number {
  const body = fullHex(hex).slice(1);
  const channel = (i: number) => {
    const c = Number.parseInt(body.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

/** The contrast ratio of white on a colour, 1 to 21. */
export function whiteContrast(hex: string): number {
  return 1.05 / (luminance(hex) + 0.05);
}

export const COLOURS_MSG = {
  shape: (item: string) => `"${item}" must look like primary=#1c4e80 or accent=#e8a33d`,
  unknown: (name: string) => `"${name}" is not a colour this setting takes; give primary and/or accent`,
  notHex: (name: string, value: string) =>
    `${name} "${value}" is not a hex colour; write it as #rgb or #rrggbb, e.g. #1c4e80`,
  tooLight: (value: string, ratio: number) =>
    `primary "${value}" is too light for white text on it (contrast ${ratio.toFixed(2)}:1, at least ${MIN_WHITE_CONTRAST}:1 is needed); choose a darker colour, e.g. ${DEFAULT_COLOURS.primary}`,
} as const;

/** "primary=#1c4e80,accent=#e8a33d" (either may be left out: its default stays) → the colours,
 * or the message saying what is wrong. */
export function parseColours(text: string): { colours: Colours } | { error: string } {
  const colours: Colours = { ...DEFAULT_COLOURS };
  for (const item of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const at = item.indexOf('=');
    if (at < 1) return { error: COLOURS_MSG.shape(item) };
    const name = item.slice(0, at).trim().toLowerCase();
    const value = item.slice(at + 1).trim();
    if (name !== 'primary' && name !== 'accent') return { error: COLOURS_MSG.unknown(name) };
    if (!HEX.test(value)) return { error: COLOURS_MSG.notHex(name, value) };
    colours[name] = fullHex(value);
  }
  const ratio = whiteContrast(colours.primary);
  if (ratio < MIN_WHITE_CONTRAST) return { error: COLOURS_MSG.tooLight(colours.primary, ratio) };
  return { colours };
}
