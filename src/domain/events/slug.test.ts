import { describe, expect, it } from 'vitest';
import { eventSlug, SLUG_PATTERN, uniqueSlug } from './slug.ts';

describe('eventSlug', () => {
  it('is the lowercased hyphenated name plus the year', () => {
    expect(eventSlug('Club Race', '2026-02-14')).toBe('club-race-2026');
    expect(eventSlug('Hemel Winter Slalom', '2025-12-31')).toBe('hemel-winter-slalom-2025');
  });

  it('strips punctuation and collapses hyphens and spaces', () => {
    expect(eventSlug('  Club -- Race!!  (Open) ', '2026-02-14')).toBe('club-race-open-2026');
    expect(eventSlug("Kid's Race", '2026-02-14')).toBe('kids-race-2026');
    expect(eventSlug('Ski & Board: Fun/Race', '2026-02-14')).toBe('ski-board-fun-race-2026');
  });

  it('drops accents', () => {
    expect(eventSlug('Crème Brûlée Cup', '2026-01-01')).toBe('creme-brulee-cup-2026');
  });

  it('does not repeat a year the name already ends with', () => {
    expect(eventSlug('Club Race 2026', '2026-02-14')).toBe('club-race-2026');
    expect(eventSlug('Club Race 2025', '2026-02-14')).toBe('club-race-2025-2026');
  });

  it('names an event without letters or digits "event"', () => {
    expect(eventSlug('!!!', '2026-02-14')).toBe('event-2026');
  });

  it('always gives a valid, bounded slug', () => {
    for (const name of ['A', 'x'.repeat(300), '— –', 'Über 9000 %%% race', `${'ab-'.repeat(40)}z`]) {
      const slug = eventSlug(name, '2026-05-05');
      expect(slug, name).toMatch(SLUG_PATTERN);
      expect(slug.length).toBeLessThanOrEqual(85);
    }
  });
});

describe('uniqueSlug', () => {
  it('keeps a free slug and appends -2, -3 … otherwise', () => {
    expect(uniqueSlug('club-race-2026', [])).toBe('club-race-2026');
    expect(uniqueSlug('club-race-2026', ['club-race-2026'])).toBe('club-race-2026-2');
    expect(uniqueSlug('club-race-2026', ['club-race-2026', 'club-race-2026-2'])).toBe('club-race-2026-3');
    expect(uniqueSlug('club-race-2026', ['club-race-2026', 'club-race-2026-3'])).toBe('club-race-2026-2');
  });
});
