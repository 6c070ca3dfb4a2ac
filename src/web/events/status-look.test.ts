import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { MIN_WHITE_CONTRAST, whiteContrast } from '../../domain/colours.ts';
import { STATUS_COLOR } from './status-look.ts';

/** 'teal.9' → the hex of that shade in Mantine's default theme (the site's theme keeps them). */
function shade(color: string): string {
  const [name = '', index = ''] = color.split('.');
  const hex = DEFAULT_THEME.colors[name]?.[Number(index)];
  if (!hex) throw new Error(`no such Mantine colour: ${color}`);
  return hex;
}

describe('status colours', () => {
  // the event page's state badge and the admin table's badges are white on these (filled)
  it.each(Object.entries(STATUS_COLOR))('%s (%s) keeps white text at WCAG AA contrast', (_status, color) => {
    expect(whiteContrast(shade(color))).toBeGreaterThanOrEqual(MIN_WHITE_CONTRAST);
  });

  it("Mantine's default green, the event page's old 'Open for entry', would not", () => {
    expect(whiteContrast(shade('green.6'))).toBeLessThan(MIN_WHITE_CONTRAST);
  });
});
