import { type ResultCategory, YOUNG_CATEGORIES } from './categories.ts';

/**
 * The time rules (doc 3 §5 "Time rules"). Times are kept as whole nanoseconds while
 * they are summed, so no binary fraction creeps in, and the result is rounded to hundredths, half
 * up, as the text says ("rounded to 2 decimals").
 */
export const RUN_MARKS = ['DNS', 'DNF', 'DSQ'] as const;
export type RunMark = (typeof RUN_MARKS)[number];
/** A racer's time: hundredths of a second, or why there is none. DNCR: did not complete the race
 * under its format (too few valid runs). */
export type RaceTime = { hundredths: number } | { mark: RunMark | 'DNCR' };

/** The largest time accepted, in seconds: a typo beyond it is refused, not ranked. */
const MAX_SECONDS = 9999;
/** Times are read and summed in whole nanoseconds. */
const UNITS_PER_SECOND = 1_000_000_000;
/** The smallest time: at least 0.01 s once rounded to hundredths (half up), so 0.005 s; 0.004
 * would be kept as 0.00, a time no race has. */
const MIN_UNITS = UNITS_PER_SECOND / 200;

/** A run as the timing software writes it, normalised: texts containing 'did not start', 'did
 * not finish' or 'disqualified' become DNS, DNF or DSQ; DNS/DNF/DSQ in any case are upper-cased;
 * anything else is trimmed and kept. */
export function normaliseRun(text: string): string {
  const t = text.trim();
  const lower = t.toLowerCase();
  if (lower.includes('did not start')) return 'DNS';
  if (lower.includes('did not finish')) return 'DNF';
  if (lower.includes('disqualified')) return 'DSQ';
  const upper = t.toUpperCase();
  return (RUN_MARKS as readonly string[]).includes(upper) ? upper : t;
}

/**
 * Seconds written as a number ('34.56', '34,56', '34') or as minutes and seconds ('1:02.34'), in
 * nanoseconds (exact for the up to 9 decimals accepted, so a time or a sum of runs is rounded to
 * hundredths once: 34.5549 is 34.55, never 34.555 and then 34.56), or null when the text is not a
 * time. A time must be at least 0.01 s once rounded to hundredths, and at most MAX_SECONDS.
 */
export function parseSeconds(text: string): number | null {
  const t = text.trim().replace(',', '.');
  const m = /^(?:(\d{1,3}):([0-5]\d))?(\d*)(?:\.(\d{1,9}))?$/.exec(t);
  if (!m || t === '' || t === '.') return null;
  const [, minutes, secondsOfMinute, whole, fraction = ''] = m;
  if (minutes !== undefined && whole !== '') return null;
  if (minutes === undefined && whole === '') return null;
  const seconds = minutes !== undefined ? Number(minutes) * 60 + Number(secondsOfMinute) : Number(whole);
  const units = seconds * UNITS_PER_SECOND + Number(fraction.padEnd(9, '0'));
  if (!Number.isSafeInteger(units) || units < MIN_UNITS || units > MAX_SECONDS * UNITS_PER_SECOND) return null;
  return units;
}

/** Nanoseconds rounded to hundredths, half up. */
function toHundredths(units: number): number {
  return Math.floor((units + UNITS_PER_SECOND / 200) / (UNITS_PER_SECOND / 100));
}

/** What one run holds once normalised: a time in nanoseconds, a mark, or nothing valid. */
type Run = { units: number } | { mark: RunMark } | { invalid: true };

function readRun(text: string | undefined): Run {
  const t = normaliseRun(text ?? '');
  if ((RUN_MARKS as readonly string[]).includes(t)) return { mark: t as RunMark };
  const units = parseSeconds(t);
  return units === null ? { invalid: true } : { units };
}

/** Whether a run's text is one the rules can read: empty, DNS/DNF/DSQ (or the timing software's
 * words for them), or a time. Anything else ('-3.00', '3O.12') would count as no valid run
 * without a word, so it is refused where it is entered or uploaded. */
export function isRunText(text: string): boolean {
  return normaliseRun(text) === '' || !('invalid' in readRun(text));
}

const timeOf = (r: Run): number | null => ('units' in r ? r.units : null);
const isDns = (r: Run): boolean => 'mark' in r && r.mark === 'DNS';

/**
 * A racer's time from the runs (doc 3 §5):
 * - two runs: the better run; DNS when both are DNS; DNCR when neither is a time;
 * - three runs, U08/U10/U12: the sum of the two best valid runs; DNCR with fewer than two;
 * - three runs, other categories: the better of runs 1 and 2 plus run 3; DNCR when run 3 is not a
 *   time or neither of runs 1 and 2 is.
 * In every format a racer whose runs are all DNS did not start (DNS): the text says so for two
 * runs and for the older categories, and a racer who started no run has no race to complete.
 */
export function computeTime(
  category: ResultCategory,
  runs: readonly [string, string, string?],
  threeRuns: boolean,
): RaceTime {
  const read = (threeRuns ? [runs[0], runs[1], runs[2]] : [runs[0], runs[1]]).map(readRun);
  if (read.every(isDns)) return { mark: 'DNS' };
  const times = read.map(timeOf);
  if (!threeRuns) {
    const valid = times.filter((t): t is number => t !== null);
    return valid.length ? { hundredths: toHundredths(Math.min(...valid)) } : { mark: 'DNCR' };
  }
  if (YOUNG_CATEGORIES.includes(category)) {
    const valid = times.filter((t): t is number => t !== null).sort((a, b) => a - b);
    const [first, second] = valid;
    return first !== undefined && second !== undefined
      ? { hundredths: toHundredths(first + second) }
      : { mark: 'DNCR' };
  }
  const firstTwo = [times[0], times[1]].filter((t): t is number => t !== null);
  const third = times[2];
  if (firstTwo.length === 0 || third === null || third === undefined) return { mark: 'DNCR' };
  return { hundredths: toHundredths(Math.min(...firstTwo) + third) };
}

/** A time as the tables and the upload show it: '34.56', or its mark. */
export function formatRaceTime(time: RaceTime): string {
  return 'mark' in time ? time.mark : formatHundredths(time.hundredths);
}

export function formatHundredths(hundredths: number): string {
  return (hundredths / 100).toFixed(2);
}

/** A time the administrator typed into the raw table (doc 3 §5): DNF, DNS or DSQ in any case, or
 * a number; anything else is refused with 'Enter a valid time or DNF/DNS/DSQ'. */
export function readTypedTime(text: string): RaceTime | null {
  const t = text.trim().toUpperCase();
  if ((RUN_MARKS as readonly string[]).includes(t)) return { mark: t as RunMark };
  const units = parseSeconds(t);
  return units === null ? null : { hundredths: toHundredths(units) };
}

/** A stored or sent time text ('34.56', 'DNF', 'DNCR') read back. */
export function readRaceTime(text: string): RaceTime | null {
  return text.trim().toUpperCase() === 'DNCR' ? { mark: 'DNCR' } : readTypedTime(text);
}
