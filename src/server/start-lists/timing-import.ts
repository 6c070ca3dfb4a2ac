import { and, eq, inArray } from 'drizzle-orm';
import { ageCategory } from '../../domain/people/booked.ts';
import { isPointsClub, RESULTS_MSG } from '../../domain/results/index.ts';
import { racerKey } from '../../domain/results/rows.ts';
import { type KnownRacer, type MatchResult, matchTimingRows, type Starter } from '../../domain/start-lists/match.ts';
import type { TimingRow } from '../../domain/start-lists/race-horology.ts';
import type { AppContext } from '../context.ts';
import { events, profiles, users } from '../db/schema.ts';
import { raceLinks } from '../db/schema-start-lists.ts';
import { AppError } from '../errors.ts';
import { raceEventYear } from '../results/service.ts';
import { clubOf, entrantsOf } from './service.ts';

/**
 * A Race Horology results export, read in the browser through its column mapping, matched to
 * racers here (docs/decisions/0049): bibs through the start list of the booking event linked to
 * this club race, racer numbers against every racer. The answer is rows of the results upload's
 * own shape, which the browser puts in the raw table; Calculate then sends them through the same
 * checks and points as any results file. Nothing is kept by this call.
 */
export async function matchTimingFile(
  ctx: AppContext,
  raceEventId: number,
  input: { club_id: string; three_runs: boolean; rows: TimingRow[] },
): Promise<MatchResult & { linked_event: { id: number; name: string } | null }> {
  if (!isPointsClub(input.club_id)) throw AppError.validation({ club_id: [RESULTS_MSG.clubNotFound] });
  const year = await raceEventYear(ctx, raceEventId);
  const [link] = await ctx.db
    .select({ eventId: raceLinks.eventId, name: events.name })
    .from(raceLinks)
    .innerJoin(events, eq(events.id, raceLinks.eventId))
    .where(and(eq(raceLinks.resultsYear, year), eq(raceLinks.resultsClub, input.club_id)));
  const starters: Starter[] = [];
  if (link) {
    for (const e of await entrantsOf(ctx.db, link.eventId, year)) {
      if (e.bib === null || e.racer_id === null) continue;
      starters.push({
        bib: e.bib,
        racerNumber: e.racer_id,
        name: `${e.first_name} ${e.last_name}`,
        gender: e.gender ?? '',
        club: e.club,
        category: e.category ?? '',
      });
    }
  }
  const wanted = [...new Set(input.rows.map((r) => racerKey(r.racer_id)).filter((k) => /^\d{1,9}$/.test(k)))].map(
    Number,
  );
  const racers = new Map<string, KnownRacer>();
  if (wanted.length) {
    const found = await ctx.db
      .select({
        racerId: profiles.racerId,
        firstName: users.firstName,
        lastName: users.lastName,
        gender: profiles.gender,
        dateOfBirth: profiles.dateOfBirth,
        localClub: profiles.localClub,
        otherClub: profiles.otherClub,
      })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(inArray(profiles.racerId, wanted));
    for (const r of found) {
      if (r.racerId === null) continue;
      racers.set(String(r.racerId), {
        racerNumber: r.racerId,
        name: `${r.firstName} ${r.lastName}`,
        gender: r.gender === 'MALE' ? 'Men' : r.gender === 'FEMALE' ? 'Women' : '',
        club: clubOf(r.localClub, r.otherClub),
        category: ageCategory(r.dateOfBirth, year) ?? '',
      });
    }
  }
  const matched = matchTimingRows(input.rows, starters, racers, ctx.config.association.code, input.three_runs);
  return { ...matched, linked_event: link ? { id: link.eventId, name: link.name } : null };
}
