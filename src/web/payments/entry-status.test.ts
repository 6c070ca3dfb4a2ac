import { describe, expect, it } from 'vitest';
import { entryStatus, freeEntryStatus } from './entry-status.ts';

const line = (over: Partial<Parameters<typeof entryStatus>[0]> = {}) => ({
  state: 'booked' as const,
  race_cancelled: false,
  refund: null,
  ...over,
});

describe('an entry’s status in My Entries (issue 35)', () => {
  it('a cancelled race’s entry says so, with its refund as it stands', () => {
    expect(entryStatus(line({ race_cancelled: true, refund: { progress: 'refunded', amount: '20.00' } }))).toEqual({
      text: 'Race cancelled · £20.00 refunded',
      booked: false,
    });
    expect(entryStatus(line({ race_cancelled: true, refund: { progress: 'on-its-way', amount: '20.00' } })).text).toBe(
      'Race cancelled · £20.00 refund on its way',
    );
    expect(
      entryStatus(line({ race_cancelled: true, refund: { progress: 'by-association', amount: '20.00' } })).text,
    ).toBe('Race cancelled · £20.00 to be refunded by the association');
    // a family's earlier cancellation of an entry in a race since cancelled: its own refund
    expect(
      entryStatus(line({ state: 'released', race_cancelled: true, refund: { progress: 'refunded', amount: '7.50' } }))
        .text,
    ).toBe('Race cancelled · £7.50 refunded');
  });

  it('other refunded entries show their refund’s progress and amount', () => {
    expect(entryStatus(line())).toEqual({ text: 'Booked', booked: true });
    expect(entryStatus(line({ state: 'released', refund: { progress: 'on-its-way', amount: '7.50' } }))).toEqual({
      text: 'Cancelled · £7.50 refund on its way',
      booked: false,
    });
    expect(entryStatus(line({ state: 'released', refund: { progress: 'refunded', amount: '10.00' } })).text).toBe(
      'Cancelled · £10.00 refunded',
    );
    expect(entryStatus(line({ state: 'lost', refund: { progress: 'by-association', amount: '20.00' } }))).toEqual({
      text: 'Not booked · £20.00 to be refunded by the association',
      booked: false,
    });
    expect(entryStatus(line({ state: 'released' })).text).toBe('Cancelled');
  });

  it('a free entry says only that its race is cancelled', () => {
    expect(freeEntryStatus({ race_cancelled: true })).toBe('Race cancelled');
    expect(freeEntryStatus({ race_cancelled: false })).toBeNull();
  });
});
