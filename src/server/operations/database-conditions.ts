import type { AppContext } from '../context.ts';
import { databaseTrouble, endedOutages, type Outage } from '../db/faults.ts';
import type { CheckOutcome } from './alerts.ts';
import { diskSpace, spaceText, stillFull } from './disk-space.ts';

/**
 * The two alerts about the database itself (issue 36): out of reach, and its disk full. While
 * either lasts nothing can be written to the database, so they live in memory (db/faults.ts) and
 * Site Health shows them from there; once writes go through again the health job records them
 * (and so e-mails the operations address), and they stay raised OUTAGE_SHOWN_MS after the end.
 */
export const OUTAGE_SHOWN_MS = 60 * 60_000;

const when = (date: Date) => date.toISOString().replace('T', ' ').slice(0, 19);

function lasted(outage: Outage): string {
  const s = Math.max(1, Math.round(((outage.to ?? outage.last).getTime() - outage.from.getTime()) / 1000));
  return s < 120 ? `${s} s` : `${Math.round(s / 60)} min`;
}

const code = (outage: Outage) => (outage.code ? `, ${outage.code}` : '');

/** The words of an outage of reach, on or over. */
export function unreachableText(outage: Outage): string {
  return outage.to
    ? `The database could not be reached from ${when(outage.from)} to ${when(outage.to)} UTC (${lasted(outage)}${code(outage)}). Cached public pages were served meanwhile; everything else answered "please try again in a minute".`
    : `The database cannot be reached since ${when(outage.from)} UTC (last tried ${when(outage.last)}${code(outage)}). Check that PostgreSQL runs and DATABASE_URL's host answers.`;
}

/** The words of a full disk, on or over, with the free space now. */
export function diskFullText(outage: Outage, space: string): string {
  return outage.to
    ? `The disk was full from ${when(outage.from)} to ${when(outage.to)} UTC (${lasted(outage)}): writes failed meanwhile (nothing half-written was kept). Now ${space}.`
    : `The disk is full since ${when(outage.from)} UTC (last failed write ${when(outage.last)}${code(outage)}): sign-ins, entries and payments cannot be saved. Free space: ${space}. Free some space (old backups, logs); the site recovers by itself.`;
}

/** The latest ended span of a kind not yet recorded. */
export function lastEnded(ctx: AppContext, kind: 'unreachable' | 'full'): Outage | undefined {
  return endedOutages(ctx)
    .filter((span) => span.kind === kind)
    .at(-1)?.outage;
}

/** Out of reach now (recording it fails, and the job tries again), or an outage that ended and is
 * not recorded yet; otherwise clears an hour after the last one was recorded. */
export function checkUnreachable(ctx: AppContext): CheckOutcome {
  const now = databaseTrouble(ctx).unreachable ?? lastEnded(ctx, 'unreachable');
  if (now) return { raised: true, detail: unreachableText(now) };
  return { raised: false, clearBefore: new Date(ctx.now().getTime() - OUTAGE_SHOWN_MS) };
}

/** A write failed for a full disk and one still does, or that ended and is not recorded yet;
 * otherwise clears an hour after. */
export async function checkDiskFull(ctx: AppContext): Promise<CheckOutcome> {
  const full = (await stillFull(ctx)) ? databaseTrouble(ctx).full : null;
  const outage = full ?? lastEnded(ctx, 'full');
  if (outage) return { raised: true, detail: diskFullText(outage, spaceText(await diskSpace(ctx))) };
  return { raised: false, clearBefore: new Date(ctx.now().getTime() - OUTAGE_SHOWN_MS) };
}
