import Papa from 'papaparse';
import { TEAMS_MSG } from './messages.ts';

/** Points for a racer without a seed (a placeholder, DNS/DNF/DSQ, 0 or below, no match): 999.99. */
export const NO_SEED_POINTS = 999.99;
/** Seed numbers of 10000 and more carry 10000 on top of the racer number (doc 3 §9). */
export const SEED_ID_OFFSET = 10000;

export interface SeedRow {
  /** The racer number, as text ('101'), after the 10000 reduction. */
  racerId: string;
  points: number;
  line: number;
}

export interface SeedFile {
  rows: SeedRow[];
  skipped: { line: number; reason: string }[];
}

/** One line split at its commas by papaparse, a double-quoted part kept whole ("a, b" is one
 * value; a doubled quote inside is one quote; an unterminated quote runs to the line's end), each
 * value trimmed. A value quoted after a space (`102, "3"`), which papaparse keeps as written, is
 * unquoted too, so its points are not lost. */
export function splitQuoted(line: string): string[] {
  const [values = ['']] = Papa.parse<string[]>(line.trim(), { delimiter: ',', newline: '\n', quoteChar: '"' }).data;
  return values.map((v) => unquote(v.trim()));
}

const unquote = (value: string) =>
  value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1).replaceAll('""', '"') : value;

const PLACEHOLDERS = new Set(['-,--', 'DNS', 'DNF', 'DSQ']);

/** A seed's points: a number (a comma decimal accepted), rounded to the hundredth; a placeholder,
 * DNS/DNF/DSQ, anything not a number, and 0 or below are 999.99 (doc 3 §5). */
export function readSeedPoints(text: string): number {
  const t = text.trim();
  if (PLACEHOLDERS.has(t.toUpperCase())) return NO_SEED_POINTS;
  if (!/^[+-]?\d+([.,]\d+)?$/.test(t)) return NO_SEED_POINTS;
  const value = Number(t.replace(',', '.'));
  return value > 0 ? Math.round(value * 100) / 100 : NO_SEED_POINTS;
}

/** The racer number a seed's first value gives, or null when it is not a whole number. */
export function readSeedId(text: string): string | null {
  const t = text.trim();
  if (!/^\d{1,9}$/.test(t)) return null;
  const n = Number(t);
  return String(n >= SEED_ID_OFFSET ? n - SEED_ID_OFFSET : n);
}

function rowOf(values: string[], line: number): SeedRow | string {
  if (values.length !== 2) return TEAMS_MSG.twoValues(values.length);
  const racerId = readSeedId(values[0] ?? '');
  if (racerId === null) return TEAMS_MSG.notRacerNumber;
  return { racerId, points: readSeedPoints(values[1] ?? ''), line };
}

/**
 * The seed-points file (doc 3 §5): blank lines ignored; a line with a comma split at its commas
 * (quotes respected), any other on whitespace; exactly two values, the first a racer number (less
 * 10000 when it is 10000 or more), the second the points. A comma line that does not read as a
 * seed is tried on whitespace too, so `101 12,5` (a comma decimal) and `101 -,--` read as the
 * text means. Never throws; every line not used is reported with its number.
 */
export function parseSeedFile(input: string): SeedFile {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const rows: SeedRow[] = [];
  const skipped: SeedFile['skipped'] = [];
  text.split(/\r\n|\n|\r/).forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    const spaced = raw.trim().split(/\s+/);
    let got = raw.includes(',') ? rowOf(splitQuoted(raw), line) : rowOf(spaced, line);
    if (typeof got === 'string' && raw.includes(',')) {
      const again = rowOf(spaced, line);
      if (typeof again !== 'string') got = again;
    }
    if (typeof got === 'string') skipped.push({ line, reason: got });
    else rows.push(got);
  });
  return { rows, skipped };
}
