import { describe, expect, it } from 'vitest';
import type { Product } from '../../../domain/events/product.ts';
import {
  bookedEvents,
  clubShort,
  matchEligible,
  orMissing,
  participantsFileName,
  priceLabel,
  remaining,
  removeQuestion,
} from './booked-model.ts';

const event = (id: number, date: string, type: Product['event_type'] = 'race') =>
  ({ id, date, event_type: type, quantity: 10, booked_quantity: 3 }) as Product;

describe('the event list', () => {
  it('lists race events only, through the filter, by date ascending', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    const events = [
      event(1, '2027-02-01'),
      event(2, '2026-12-01'),
      event(3, '2026-12-05', 'external'),
      event(4, '2026-01-01'),
    ];
    expect(bookedEvents(events, 'upcoming', now).map((e) => e.id)).toEqual([2, 1]);
    expect(bookedEvents(events, 'all', now).map((e) => e.id)).toEqual([4, 2, 1]);
    expect(bookedEvents(events, 'past', now).map((e) => e.id)).toEqual([4]);
    expect(bookedEvents(events, 'non-race', now)).toEqual([]);
  });

  it('shows FREE for 0 and 0.00, pounds otherwise; remaining is quantity minus booked', () => {
    expect(priceLabel('0')).toBe('FREE');
    expect(priceLabel('0.00')).toBe('FREE');
    expect(priceLabel('25.50')).toBe('£25.50');
    expect(remaining({ quantity: 10, booked_quantity: 3 })).toBe(7);
    expect(remaining({ quantity: 2, booked_quantity: 5 })).toBe(0);
    expect(remaining({ quantity: 10, booked_quantity: 3, held_quantity: 2 })).toBe(5);
  });
});

describe('participants', () => {
  it('shows N/A for a missing value and the club short codes', () => {
    expect(orMissing(null)).toBe('N/A');
    expect(orMissing('')).toBe('N/A');
    expect(orMissing(0)).toBe('0');
    expect(clubShort('MK_SKI_RACE_TEAM')).toBe('SMK');
    expect(clubShort('OTHER')).toBe('-');
    expect(clubShort('')).toBe('N/A');
  });

  it('asks the exact remove question and names the CSV after the event', () => {
    expect(removeQuestion('Ann', 'Lee', 'Club Race')).toBe('Are you sure you want to remove Ann Lee from Club Race?');
    expect(participantsFileName('Club Race 2027')).toBe('Club-Race-2027.csv');
  });

  it('finds eligible users by any part of their name, any case', () => {
    const users = [
      { id: 1, first_name: 'Ann', last_name: 'Lee', profile: { date_of_birth: null, gender: null, local_club: '' } },
      { id: 2, first_name: 'Bob', last_name: 'Leeds', profile: { date_of_birth: null, gender: null, local_club: '' } },
    ];
    expect(matchEligible(users, 'lee').map((u) => u.id)).toEqual([1, 2]);
    expect(matchEligible(users, 'ann LEE').map((u) => u.id)).toEqual([1]);
    expect(matchEligible(users, '  ').map((u) => u.id)).toEqual([1, 2]);
  });
});
