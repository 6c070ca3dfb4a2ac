import { describe, expect, it } from 'vitest';
import { DEFAULT_COLOURS, MIN_WHITE_CONTRAST, parseColours, whiteContrast } from './colours.ts';

describe('association colours', () => {
  it('takes the defaults when nothing is given, and either colour alone', () => {
    expect(parseColours('')).toEqual({ colours: DEFAULT_COLOURS });
    expect(parseColours('primary=#123456')).toEqual({
      colours: { primary: '#123456', accent: DEFAULT_COLOURS.accent },
    });
    expect(parseColours(' accent=#FFF ')).toEqual({ colours: { primary: DEFAULT_COLOURS.primary, accent: '#ffffff' } });
    expect(parseColours('primary=#1C4E80,accent=#e8a33d')).toEqual({
      colours: { primary: '#1c4e80', accent: '#e8a33d' },
    });
  });

  it('refuses what is not a hex colour, an unknown name and a shapeless item', () => {
    expect(parseColours('primary=blue')).toEqual({
      error: 'primary "blue" is not a hex colour; write it as #rgb or #rrggbb, e.g. #1c4e80',
    });
    expect(parseColours('accent=#12345')).toMatchObject({ error: expect.stringContaining('accent "#12345"') });
    expect(parseColours('background=#000000')).toEqual({
      error: '"background" is not a colour this setting takes; give primary and/or accent',
    });
    expect(parseColours('#1c4e80')).toEqual({ error: '"#1c4e80" must look like primary=#1c4e80 or accent=#e8a33d' });
  });

  it('refuses a primary too light for white text: the boundary is 4.5:1', () => {
    expect(whiteContrast('#ffffff')).toBeCloseTo(1);
    expect(whiteContrast('#000000')).toBeCloseTo(21);
    // #767676 is the lightest grey with white text at 4.5:1 (4.54); #777777 gives 4.48
    expect(whiteContrast('#767676')).toBeGreaterThanOrEqual(MIN_WHITE_CONTRAST);
    expect(whiteContrast('#777777')).toBeLessThan(MIN_WHITE_CONTRAST);
    expect(parseColours('primary=#767676')).toEqual({
      colours: { primary: '#767676', accent: DEFAULT_COLOURS.accent },
    });
    expect(parseColours('primary=#777777')).toEqual({
      error:
        'primary "#777777" is too light for white text on it (contrast 4.48:1, at least 4.5:1 is needed); choose a darker colour, e.g. #1c4e80',
    });
    expect(parseColours('primary=#ffd700')).toMatchObject({
      error: expect.stringContaining('too light for white text'),
    });
  });

  it('keeps the default primary readable', () => {
    expect(whiteContrast(DEFAULT_COLOURS.primary)).toBeGreaterThanOrEqual(MIN_WHITE_CONTRAST);
  });
});
