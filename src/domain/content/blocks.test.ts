import { describe, expect, it } from 'vitest';
import {
  type ContentBlocks,
  contentPatch,
  contentUpdateSchema,
  defaultContentBlocks,
  resolveContentBlocks,
  TEXT_BLOCK_KEYS,
  validateContentUpdate,
} from './index.ts';

const defaults = defaultContentBlocks({ name: 'Eastern Region Snowsports Association', code: 'ERSA' });

describe('the default text blocks', () => {
  it('give the schools entry fees and the late-entry rule', () => {
    expect(defaults.schools_rules).toContain('Team entry: £70 per team of 3 or 4 racers');
    expect(defaults.schools_rules).toContain('Individual entry: £21 per racer');
    expect(defaults.schools_rules).toContain("Late entries are accepted at the organisers' discretion.");
  });

  it('name the configured association and have every block filled', () => {
    const other = defaultContentBlocks({ name: 'Northern Snowsports League', code: 'NSL' });
    expect(other.home_intro).toContain('Northern Snowsports League');
    expect(other.about_mission).toContain('The NSL');
    expect(other.safeguarding).toContain('The NSL');
    for (const key of TEXT_BLOCK_KEYS) expect(defaults[key].length).toBeGreaterThan(100);
    expect(defaults.testimonials.length).toBeGreaterThanOrEqual(3);
    expect(defaults.safeguarding).toContain('Safeguarding Policy');
  });
});

describe('resolving stored blocks', () => {
  it('falls back to the default for each missing or malformed block', () => {
    expect(resolveContentBlocks(null, defaults)).toEqual(defaults);
    const stored = { home_intro: 'Hello', about_mission: 42, testimonials: [{ quote: 'Q' }], safeguarding: '  ' };
    const blocks = resolveContentBlocks(stored, defaults);
    expect(blocks).toEqual({ ...defaults, home_intro: 'Hello' });
    expect(Object.keys(blocks)).toEqual([
      'home_intro',
      'about_mission',
      'about_start_racing',
      'testimonials',
      'schools_rules',
      'safeguarding',
    ]);
  });

  it('keeps an empty testimonials list (none shown)', () => {
    expect(resolveContentBlocks({ testimonials: [] }, defaults).testimonials).toEqual([]);
  });
});

describe('updating blocks', () => {
  it('sets what is given and resets what is emptied or null', () => {
    const update = contentUpdateSchema.parse({
      home_intro: '  New intro  ',
      about_mission: '',
      testimonials: null,
    });
    expect(validateContentUpdate(update)).toEqual({});
    expect(contentPatch(update)).toEqual({
      set: { home_intro: 'New intro' },
      reset: ['about_mission', 'testimonials'],
    });
    const list = contentUpdateSchema.parse({ testimonials: [{ quote: ' Great ', author: 'Amy' }] });
    expect(contentPatch(list)).toEqual({ set: { testimonials: [{ quote: 'Great', author: 'Amy' }] }, reset: [] });
  });

  it('refuses unknown blocks', () => {
    expect(contentUpdateSchema.safeParse({ footer: 'x' }).success).toBe(false);
  });

  it('limits each text block to 20000 characters', () => {
    expect(validateContentUpdate({ schools_rules: 's'.repeat(20_000) })).toEqual({});
    expect(validateContentUpdate({ schools_rules: 's'.repeat(20_001), home_intro: 'h'.repeat(20_001) })).toEqual({
      home_intro: 'Home intro must be 20000 characters or fewer',
      schools_rules: 'Schools rules must be 20000 characters or fewer',
    });
  });

  it('allows at most 20 testimonials, each with a quote and an author', () => {
    const one = { quote: 'Q', author: 'A' };
    expect(validateContentUpdate({ testimonials: Array(20).fill(one) })).toEqual({});
    expect(validateContentUpdate({ testimonials: Array(21).fill(one) })).toEqual({
      testimonials: 'No more than 20 testimonials are allowed',
    });
    const parsed = contentUpdateSchema.parse({ testimonials: [one, { quote: ' ' }] });
    const tooLong = { quote: 'q'.repeat(1001), author: 'A' };
    expect(contentUpdateSchema.safeParse({ testimonials: [tooLong] }).error?.issues[0]?.message).toBe(
      'Quote must be 1000 characters or fewer',
    );
    expect(validateContentUpdate({ testimonials: [...(parsed.testimonials ?? []), tooLong] })).toEqual({
      'testimonials.1.quote': 'Quote is required',
      'testimonials.1.author': 'Author is required',
      'testimonials.2.quote': 'Quote must be 1000 characters or fewer',
    });
  });

  it('round-trips: what an update sets is what resolving shows', () => {
    const update = contentUpdateSchema.parse({ safeguarding: 'Call the welfare officer.' });
    const { set } = contentPatch(update);
    const blocks: ContentBlocks = resolveContentBlocks(set, defaults);
    expect(blocks.safeguarding).toBe('Call the welfare officer.');
    expect(blocks.home_intro).toBe(defaults.home_intro);
  });
});
