/** Every registration window and "today" is evaluated in this zone (decisions.md). */
export const LONDON = 'Europe/London';

const londonDate = new Intl.DateTimeFormat('en-GB', {
  timeZone: LONDON,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date in London as YYYY-MM-DD. One formatter is reused: public reads ask on every
 * request. */
export function londonToday(now: Date = new Date()): string {
  const parts = londonDate.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

function ordinal(day: number): string {
  const rem100 = day % 100;
  if (rem100 >= 11 && rem100 <= 13) return `${day}th`;
  return `${day}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th'}`;
}

/** A calendar date (YYYY-MM-DD): DD/MM/YYYY on narrow screens, long form with ordinal day otherwise
 * (e.g. "Saturday 7th March 2026"). */
export function formatEventDate(iso: string, narrow: boolean): string {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number) as [number, number, number];
  if (narrow) return `${String(d).padStart(2, '0')}/${String(m).padStart(2, '0')}/${y}`;
  const date = new Date(Date.UTC(y, m - 1, d, 12));
  const weekday = date.toLocaleDateString('en-GB', { weekday: 'long', timeZone: 'UTC' });
  const month = date.toLocaleDateString('en-GB', { month: 'long', timeZone: 'UTC' });
  return `${weekday} ${ordinal(d)} ${month} ${y}`;
}

/** Day/month/year as the profile shows a date of birth. */
export function formatDayMonthYear(iso: string | null | undefined): string {
  if (!iso) return '';
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

/** An instant as the back office's lists show it, in London time: "29/11/2026, 06:46". (The
 * formatter is made in the call, so the public pages' first script, which takes this module for
 * its other dates, carries nothing of it.) */
export function formatLondonDateTime(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'short', timeStyle: 'short', timeZone: LONDON }).format(
    new Date(iso),
  );
}
