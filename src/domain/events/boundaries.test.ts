import { describe, expect, it } from 'vitest';
import { nextDisplayChange } from './boundaries.ts';
import type { SectionFields } from './sections.ts';

const race = (overrides: Partial<SectionFields> = {}): SectionFields => ({
  event_type: 'race',
  date: '2026-03-14',
  registration_open: '2026-02-01',
  registration_open_time: '09:00',
  registration_close: '2026-03-07',
  registration_close_time: '18:00',
  quantity: 150,
  booked_quantity: 0,
  is_cancelled: false,
  ...overrides,
});

describe('nextDisplayChange', () => {
  it('is the next London midnight when no window boundary comes sooner', () => {
    expect(nextDisplayChange([], new Date('2026-01-10T15:00:00Z')).toISOString()).toBe('2026-01-11T00:00:00.000Z');
    // in summer London midnight is 23:00 UTC the evening before
    expect(nextDisplayChange([], new Date('2026-07-10T15:00:00Z')).toISOString()).toBe('2026-07-10T23:00:00.000Z');
  });

  it('is the opening minute of a window that opens before midnight', () => {
    const now = new Date('2026-02-01T08:30:00Z');
    expect(nextDisplayChange([race()], now).toISOString()).toBe('2026-02-01T09:00:00.000Z');
  });

  it('is the closing minute once the window is open, and ignores boundaries already past', () => {
    const now = new Date('2026-03-07T12:00:00Z');
    expect(nextDisplayChange([race()], now).toISOString()).toBe('2026-03-07T18:00:00.000Z');
    const exactlyAtOpen = new Date('2026-02-01T09:00:00Z');
    expect(nextDisplayChange([race()], exactlyAtOpen).toISOString()).toBe('2026-02-02T00:00:00.000Z');
  });

  it('takes the earliest boundary of several events, in London time', () => {
    const summer = race({ registration_open: '2026-06-01', registration_open_time: '10:00' });
    const now = new Date('2026-06-01T08:00:00Z');
    // 10:00 BST is 09:00 UTC
    expect(nextDisplayChange([race(), summer], now).toISOString()).toBe('2026-06-01T09:00:00.000Z');
  });

  it('leaves events without online entry and incomplete windows out', () => {
    const now = new Date('2026-02-01T08:30:00Z');
    const external = race({ event_type: 'external' });
    const incomplete = race({ registration_open_time: null });
    expect(nextDisplayChange([external, incomplete], now).toISOString()).toBe('2026-02-02T00:00:00.000Z');
  });
});
