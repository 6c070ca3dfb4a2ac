import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EVENT_FILTER,
  EVENT_FILTERS,
  eventFilterLabel,
  eventFilterOptions,
  filterEvents,
  matchesEventFilter,
  parseEventFilter,
} from './filters.ts';
import type { EventType } from './types.ts';

const ev = (name: string, event_type: EventType, date: string) => ({ name, event_type, date });
const TODAY = '2026-01-20';
const list = [
  ev('past race', 'race', '2026-01-19'),
  ev('today race', 'race', '2026-01-20'),
  ev('next race', 'race', '2026-03-01'),
  ev('past show', 'external', '2025-12-01'),
  ev('next agm', 'information', '2026-02-01'),
  ev('next schools', 'school', '2026-02-02'),
];
const names = (filter: (typeof EVENT_FILTERS)[number]) =>
  list.filter((e) => matchesEventFilter(e, filter, TODAY)).map((e) => e.name);

describe('event list filters', () => {
  it('are the nine of doc 2 §2, default upcoming', () => {
    expect(EVENT_FILTERS).toHaveLength(9);
    expect(DEFAULT_EVENT_FILTER).toBe('upcoming');
  });

  it('label race as the association code', () => {
    expect(eventFilterOptions('ERSA').map((o) => o.label)).toEqual([
      'all',
      'upcoming',
      'past',
      'ERSA',
      'non-ERSA',
      'upcoming-ERSA',
      'upcoming-non-ERSA',
      'past-ERSA',
      'past-non-ERSA',
    ]);
    expect(eventFilterLabel('past-non-race', 'SSA')).toBe('past-non-SSA');
  });

  it('each selects the right events; upcoming includes today', () => {
    expect(names('all')).toHaveLength(6);
    expect(names('upcoming')).toEqual(['today race', 'next race', 'next agm', 'next schools']);
    expect(names('past')).toEqual(['past race', 'past show']);
    expect(names('race')).toEqual(['past race', 'today race', 'next race']);
    expect(names('non-race')).toEqual(['past show', 'next agm', 'next schools']);
    expect(names('upcoming-race')).toEqual(['today race', 'next race']);
    expect(names('upcoming-non-race')).toEqual(['next agm', 'next schools']);
    expect(names('past-race')).toEqual(['past race']);
    expect(names('past-non-race')).toEqual(['past show']);
  });

  it('filterEvents takes today from the London clock', () => {
    // 23:30 UTC on 19 January is still the 19th in London (GMT)
    expect(filterEvents(list, 'past-race', new Date('2026-01-19T23:30:00Z')).map((e) => e.name)).toEqual([]);
    expect(filterEvents(list, 'past-race', new Date('2026-01-20T00:00:00Z')).map((e) => e.name)).toEqual(['past race']);
    // 23:30 UTC on 1 July is 2 July in London (BST)
    const summer = [ev('july race', 'race', '2026-07-01')];
    expect(filterEvents(summer, 'past', new Date('2026-07-01T22:59:00Z'))).toHaveLength(0);
    expect(filterEvents(summer, 'past', new Date('2026-07-01T23:00:00Z'))).toHaveLength(1);
  });

  it('parseEventFilter falls back to the default', () => {
    expect(parseEventFilter('past-race')).toBe('past-race');
    expect(parseEventFilter('nonsense')).toBe('upcoming');
    expect(parseEventFilter(undefined)).toBe('upcoming');
  });
});
