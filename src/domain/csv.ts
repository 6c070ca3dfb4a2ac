import Papa from 'papaparse';

/** Cells a spreadsheet would read as a formula start with one of these (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell as text, safe to open in a spreadsheet: a value that would start a formula gets a
 * leading single quote; null and undefined are empty. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return typeof value === 'string' && FORMULA_START.test(text) ? `'${text}` : text;
}

/** A CSV file (CRLF lines, every cell quoted where needed) from a header row and data rows,
 * each text cell made formula-safe. Numbers stay numbers, so a negative number is not quoted. */
export function toCsv(
  headers: readonly string[],
  rows: readonly (readonly (string | number | boolean | null)[])[],
): string {
  return Papa.unparse(
    { fields: headers.map((h) => csvCell(h)), data: rows.map((row) => row.map((cell) => csvCell(cell))) },
    { newline: '\r\n' },
  );
}

/** A file name from free text (an event's name): letters, digits, spaces, dots, hyphens and
 * underscores kept, anything else dropped, spaces as hyphens; `fallback` when nothing is left. */
export function csvFileName(name: string, fallback: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[^\w .-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/^\.+/, '')
    .slice(0, 100);
  return `${base || fallback}.csv`;
}
