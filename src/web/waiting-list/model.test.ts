import { describe, expect, it } from 'vitest';
import type { WaitingEntry } from '../../domain/waiting-list/shapes.ts';
import { entryNote, isLive, memberText, namesText, offerPrice, offerText, stateLabel } from './model.ts';

const entry = (over: Partial<WaitingEntry> = {}): WaitingEntry => ({
  id: 7,
  event: { id: 3, name: 'Hemel Open Slalom', slug: 'hemel-open-slalom', date: '2026-12-12', price: '25.00' },
  mode: 'all',
  state: 'waiting',
  position: 2,
  members: [
    { id: 11, name: 'Emily Jones', state: 'waiting' },
    { id: 12, name: 'Tom Jones', state: 'waiting' },
  ],
  offer: null,
  created_at: '2026-11-29T10:00:00.000Z',
  ...over,
});

describe('waiting-list words', () => {
  it('a waiting entry says its position; the others their state', () => {
    expect(stateLabel(entry())).toBe('Waiting · number 2');
    expect(stateLabel(entry({ state: 'offered', position: 1 }))).toBe('Offered');
    expect(stateLabel(entry({ state: 'expired', position: null }))).toBe('Offer expired');
    expect(stateLabel(entry({ state: 'declined', position: null }))).toBe('Left the list');
  });

  it('names are joined as people say them', () => {
    expect(namesText([])).toBe('');
    expect(namesText(['Emily'])).toBe('Emily');
    expect(namesText(['Emily', 'Tom'])).toBe('Emily and Tom');
    expect(namesText(['Emily', 'Tom', 'Ann'])).toBe('Emily, Tom and Ann');
  });

  it('an offer says how many places, for whom, and until when in UK time', () => {
    const offered = entry({
      state: 'offered',
      position: 1,
      members: [
        { id: 11, name: 'Emily Jones', state: 'offered' },
        { id: 12, name: 'Tom Jones', state: 'waiting' },
      ],
      // 14:00 GMT on 3 December is 14:00 in London
      offer: { places: 1, ends_at: '2026-12-03T14:00:00.000Z', total: '25.00' },
    });
    expect(offerText(offered)).toBe('1 place held for Emily Jones until Thursday 3rd December 2026, 14:00 UK time.');
    expect(offerPrice(offered)).toBe('£25.00');
    expect(entryNote(offered)).toBe(offerText(offered));
    expect(memberText(offered.members[0] as WaitingEntry['members'][number])).toBe('Emily Jones (place offered)');
  });

  it('a summer offer end is said in British Summer Time', () => {
    const offered = entry({
      state: 'offered',
      members: [
        { id: 11, name: 'Emily Jones', state: 'offered' },
        { id: 12, name: 'Tom Jones', state: 'offered' },
      ],
      offer: { places: 2, ends_at: '2027-06-03T13:00:00.000Z', total: '0.00' },
    });
    expect(offerText(offered)).toBe(
      '2 places held for Emily Jones and Tom Jones until Thursday 3rd June 2027, 14:00 UK time.',
    );
    expect(offerPrice(offered)).toBeNull();
  });

  it('only waiting and offered entries are live; an entry not offered has no offer text', () => {
    expect(isLive(entry())).toBe(true);
    expect(isLive(entry({ state: 'offered' }))).toBe(true);
    for (const state of ['accepted', 'declined', 'expired', 'removed', 'closed'] as const)
      expect(isLive(entry({ state }))).toBe(false);
    expect(offerText(entry())).toBeNull();
    expect(entryNote(entry())).toBe('You are number 2 on the list. We will e-mail you if places come free.');
  });
});
