/**
 * Dates typed as the spec shows them, DD/MM/YYYY, whatever the browser's language. Kept apart
 * from DayInput (pure, unit-tested) and free of dayjs: Mantine's own parser reads a typed date
 * with dayjs, which without its customParseFormat plugin falls back to the browser's Date and
 * reads 05/03/2027 as 3 May.
 */
const TYPED = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/;

/** "5/3/2027" or "05/03/2027" -> "2027-03-05"; anything else (a date not in the calendar, a
 * two-digit year, half-typed text) -> null. */
export function parseDayMonthYear(text: string): string | null {
  const m = TYPED.exec(text);
  if (!m) return null;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (y < 1900 || date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) {
    return null;
  }
  return `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** "2027-03-05" -> "05/03/2027" (what the input shows for a stored value). */
export function showDayMonthYear(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}
