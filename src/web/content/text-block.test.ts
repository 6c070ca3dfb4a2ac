import { describe, expect, it } from 'vitest';
import { defaultContentBlocks } from '../../domain/content/blocks.ts';
import { parseTextBlock } from './text-block.ts';

describe('text blocks', () => {
  it('split paragraphs on blank lines and join the lines of one paragraph', () => {
    const parts = parseTextBlock('First line\nsame paragraph\n\n\r\nSecond paragraph');
    expect(parts.map((p) => p.lines)).toEqual([['First line', 'same paragraph'], ['Second paragraph']]);
    expect(parts.every((p) => p.heading === null && p.items.length === 0)).toBe(true);
  });

  it('turn "- " lines into list items under the line above them', () => {
    const rules = defaultContentBlocks({ name: 'Eastern Region Snowsports Association', code: 'ERSA' }).schools_rules;
    const entries = parseTextBlock(rules).find((p) => p.heading === 'Entries');
    expect(entries?.lines).toEqual([]);
    expect(entries?.items.map((i) => i.text)).toEqual([
      'Team entry: £70 per team of 3 or 4 racers from the same school.',
      'Individual entry: £21 per racer, for pupils whose school is not entering a full team.',
      "Entries close on the date shown on each event. Late entries are accepted at the organisers' discretion.",
    ]);
  });

  it('keep prose beside a list when there is more than one line of it', () => {
    const [part] = parseTextBlock('Intro one\nIntro two\n- a\n- b');
    expect(part).toMatchObject({ heading: null, lines: ['Intro one', 'Intro two'] });
    expect(part?.items.map((i) => i.text)).toEqual(['a', 'b']);
  });
});
