import type { MantineTheme } from '@mantine/core';
import { MIN_WHITE_CONTRAST, whiteContrast } from '../../domain/colours.ts';

/**
 * Colours of text on coloured grounds at WCAG AA contrast (4.5:1 for normal text): the theme's
 * filled badges and the light variants' text (app/theme.ts), so that no page has to choose a shade
 * that passes. Badge text is small (11 px bold), so the large-text allowance never applies.
 */

/** AA for normal text, whatever the two colours (the domain names it for white text). */
const AA = MIN_WHITE_CONTRAST;
const BLACK = '#000000';
const WHITE = '#ffffff';

/** A light ground on which black text reads far better than white (AAA): yellow.4, gray.0. */
const BLACK_ON_LIGHT = 7;

/** WCAG 2's relative luminance, 0 to 1, from the contrast of white on the colour. */
const luminance = (hex: string) => 1.05 / whiteContrast(hex) - 0.05;

/** The contrast ratio of two hex colours, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `hex` mixed with black in steps of 5 % until it reaches AA contrast with `against`. */
export function darkenUntilReadable(hex: string, against: string): string {
  const channels = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  let colour = hex.toLowerCase();
  for (let step = 0; contrast(colour, against) < AA && step < 20; step += 1) {
    const keep = 1 - (step + 1) * 0.05;
    colour = `#${channels
      .map((c) =>
        Math.round(c * keep)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')}`;
  }
  return colour;
}

function lightShade(theme: MantineTheme): number {
  return typeof theme.primaryShade === 'number' ? theme.primaryShade : theme.primaryShade.light;
}

/**
 * A filled badge's ground and text for a theme colour ('red', 'teal.9'); null for anything else
 * (Mantine's own look stays). A colour without a shade takes its lightest shade from the primary
 * shade on that carries white text; a ground white does not read on takes black text when it is
 * light (yellow.4), and is darkened until white reads on it otherwise (green.9).
 */
export function filledBadgeLook(theme: MantineTheme, color: string): { background: string; color: string } | null {
  const [name = '', shadeText] = color.split('.');
  const shades = theme.colors[name];
  if (!shades) return null;
  const shade = shadeText === undefined ? undefined : Number(shadeText);
  if (shade !== undefined && shades[shade] === undefined) return null;
  const candidates = shade === undefined ? shades.slice(lightShade(theme)) : [shades[shade] as string];
  const ground = candidates.find((hex) => whiteContrast(hex) >= AA) ?? (candidates.at(-1) as string);
  if (whiteContrast(ground) >= AA) return { background: ground, color: WHITE };
  if (contrast(ground, BLACK) >= BLACK_ON_LIGHT) return { background: ground, color: BLACK };
  return { background: darkenUntilReadable(ground, WHITE), color: WHITE };
}

/**
 * The light variants' text (`--mantine-color-<name>-light-color`, shade 9 in Mantine) where it
 * does not reach AA on the light ground (shade 1): yellow, orange, lime, green and teal, darkened.
 * Badges, alerts' titles and light buttons all read it.
 */
export function lightTextVariables(theme: MantineTheme): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, shades] of Object.entries(theme.colors)) {
    const [text, ground] = [shades[9], shades[1]];
    if (text && ground && contrast(text, ground) < AA) {
      variables[`--mantine-color-${name}-light-color`] = darkenUntilReadable(text, ground);
    }
  }
  return variables;
}
