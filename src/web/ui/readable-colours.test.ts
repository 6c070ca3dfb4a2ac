import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { theme as siteTheme } from '../app/theme.ts';
import { contrast, darkenUntilReadable, filledBadgeLook, lightTextVariables } from './readable-colours.ts';

const theme = mergeMantineTheme(DEFAULT_THEME, siteTheme);
const WHITE = '#ffffff';

describe('filled badges', () => {
  // every colour and shade a page may give a filled badge, and every colour without a shade
  const colours = Object.entries(theme.colors).flatMap(([name, shades]) => [
    name,
    ...shades.map((_, i) => `${name}.${i}`),
  ]);

  it.each(colours)('%s carries its text at AA contrast', (colour) => {
    const look = filledBadgeLook(theme, colour);
    expect(look).not.toBeNull();
    expect(contrast(look?.background ?? WHITE, look?.color ?? WHITE)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps the shades that already read: red is red.8, teal.9 stays, white text on both', () => {
    expect(filledBadgeLook(theme, 'red')).toEqual({ background: theme.colors.red[8], color: WHITE });
    expect(filledBadgeLook(theme, 'teal.9')).toEqual({ background: theme.colors.teal[9], color: WHITE });
    expect(filledBadgeLook(theme, 'blue')).toEqual({ background: theme.colors.blue[8], color: WHITE });
  });

  it("writes black on a light ground (yellow.4), and darkens green (Site Health's OK) for white", () => {
    expect(filledBadgeLook(theme, 'yellow.4')).toEqual({ background: theme.colors.yellow[4], color: '#000000' });
    const green = filledBadgeLook(theme, 'green');
    expect(green?.color).toBe(WHITE);
    expect(green?.background).not.toBe(theme.colors.green[9]);
  });

  it('leaves colours outside the theme to Mantine', () => {
    expect(filledBadgeLook(theme, '#123456')).toBeNull();
    expect(filledBadgeLook(theme, 'red.12')).toBeNull();
  });
});

describe('light variants', () => {
  it('darken the text of yellow, orange, lime, green and teal only, to AA on the light ground', () => {
    const variables = lightTextVariables(theme);
    expect(Object.keys(variables).sort()).toEqual(
      ['green', 'lime', 'orange', 'teal', 'yellow'].map((c) => `--mantine-color-${c}-light-color`),
    );
    for (const [name, text] of Object.entries(variables)) {
      const colour = name.replace('--mantine-color-', '').replace('-light-color', '');
      expect(contrast(text, theme.colors[colour]?.[1] ?? WHITE), name).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('darkening stops as soon as the contrast is reached', () => {
    expect(darkenUntilReadable('#2B8A3E', WHITE)).not.toBe('#2b8a3e');
    expect(darkenUntilReadable('#1971c2', WHITE)).toBe('#1971c2');
  });
});
