import type { APIRequestContext } from '@playwright/test';
import { londonToday } from '../src/domain/dates.ts';
import { apiToken, DEMO, expect } from './fixtures.ts';

/** Files the event forms accept, small enough to send in every test. */
export const FILES = {
  jpg: (name = 'banner.jpg') => ({
    name,
    mimeType: 'image/jpeg',
    // an 8×6 picture: the server decodes pictures to make their web copy
    buffer: Buffer.from(
      '/9j/2wBDAAoHBwgHBgoICAgLCgoLDhgQDg0NDh0VFhEYIx8lJCIfIiEmKzcvJik0KSEiMEExNDk7Pj4+JS5ESUM8SDc9Pjv/2wBDAQoLCw4NDhwQEBw7KCIoOzs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozv/wAARCAAGAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCZAUgJ/9k=',
      'base64',
    ),
  }),
  png: (name = 'logo.png') => ({
    name,
    mimeType: 'image/png',
    buffer: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAYAAADED76LAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVR4nGM4ISf3Hx9mGBkKAFNGgMHUn6b2AAAAAElFTkSuQmCC',
      'base64',
    ),
  }),
  pdf: (name = 'timetable.pdf') => ({
    name,
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  }),
};

/** London today plus `days`, as YYYY-MM-DD. */
/** A date as the back office's date inputs take it typed: DD/MM/YYYY. */
export function typed(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

export function day(days: number): string {
  const [y, m, d] = londonToday().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * A race event made through the admin API, open for entry now: dated far ahead (after the demo
 * events, so the home page's upcoming list keeps its own), free unless a price is given.
 */
export async function createRaceEvent(
  request: APIRequestContext,
  options: { name: string; quantity: number; price?: string },
): Promise<{ id: number }> {
  const res = await request.post('/api/v1/products/create/', {
    headers: { authorization: `Bearer ${await apiToken(request, DEMO.admin)}` },
    multipart: {
      name: options.name,
      date: day(330),
      slope_name: 'Milton Keynes Snozone',
      event_type: 'race',
      price: options.price ?? '0',
      quantity: String(options.quantity),
      url: '',
      banner_message: '',
      registration_open: day(-2),
      registration_open_time: '10:00',
      registration_close: day(20),
      registration_close_time: '20:00',
      image: FILES.jpg(),
      logo: FILES.png(),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { id: ((await res.json()) as { id: number }).id };
}
