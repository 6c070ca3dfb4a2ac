import { and, asc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AdminProfile } from '../../domain/people/profile.ts';
import {
  nextRacerNumber,
  RACER_MSG,
  RACERS_PAGE_SIZE,
  type RacerDecision,
  type RacerStatus,
  racerDecisionRefusal,
} from '../../domain/people/racers.ts';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { profiles, siteSettings, users } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { nudgeMail } from '../mail/nudge.ts';
import { queueMail } from '../mail/outbox.ts';
import { renderEmail } from '../mail/render.ts';
import type { RenderedMail } from '../mail/templates.ts';
import { lockProfile, profilesPage, toAdminProfile } from './admin-profile.ts';
import { personMatches, racerNumberIn } from './search.ts';

/** The highest racer number ever given, kept so that a number is never given twice. */
const HIGH_WATER_KEY = 'racer_number_high_water';
/** Serialises racer-number allocation across connections and instances. */
const RACER_NUMBER_LOCK = 7_302_001;

export interface RacerQuery {
  page: number;
  search: string;
  status: RacerStatus | 'ALL';
}

/** GET /profiles/racers/: accounts that race (active, not archived), oldest first, 50 a page, by
 * confirmation status and a search on name, username, e-mail or racer number. */
export async function listRacers(
  ctx: AppContext,
  query: RacerQuery,
): Promise<{ count: number; results: AdminProfile[] }> {
  const conditions: (SQL | undefined)[] = [
    eq(profiles.isRacer, true),
    eq(profiles.archived, false),
    eq(users.isActive, true),
  ];
  if (query.status !== 'ALL') conditions.push(eq(profiles.isRacerConfirmed, query.status));
  if (query.search) {
    const number = racerNumberIn(query.search);
    conditions.push(or(personMatches(users, query.search), ...(number === null ? [] : [eq(profiles.racerId, number)])));
  }
  return profilesPage(ctx, and(...conditions), [asc(users.id)], { number: query.page, size: RACERS_PAGE_SIZE });
}

/** A racer number set by hand: the highest ever given moves up to it, under the same lock, so an
 * approval never gives it to anyone else, even after it is changed or its racer archived. */
export async function raiseRacerHighWater(tx: Tx, number: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${RACER_NUMBER_LOCK})`);
  const [mark] = await tx.select().from(siteSettings).where(eq(siteSettings.key, HIGH_WATER_KEY));
  const ever = (mark?.value as { number?: number } | undefined)?.number ?? 0;
  if (number <= ever) return;
  const value = { number };
  await tx
    .insert(siteSettings)
    .values({ key: HIGH_WATER_KEY, value })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value } });
}

/** The next racer number, under a lock held to the end of the transaction: one past the highest
 * in use and the highest ever given; the high-water mark moves with it. */
export async function allocateRacerNumber(tx: Tx): Promise<number> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${RACER_NUMBER_LOCK})`);
  const [inUse] = await tx.select({ max: sql<number | null>`max(${profiles.racerId})` }).from(profiles);
  const [mark] = await tx.select().from(siteSettings).where(eq(siteSettings.key, HIGH_WATER_KEY));
  const ever = (mark?.value as { number?: number } | undefined)?.number ?? null;
  const next = nextRacerNumber(inUse?.max ?? null, ever);
  const value = { number: next };
  await tx
    .insert(siteSettings)
    .values({ key: HIGH_WATER_KEY, value })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value } });
  return next;
}

/**
 * PUT /profiles/update/{id}/ with only `is_racer_confirmed`: an administrator approves or
 * rejects a racer. Approving one without a racer number gives the next free number. The
 * profile's row is locked for the decision. The account and its family are told by e-mail.
 */
export async function decideRacer(
  ctx: AppContext,
  _log: FastifyBaseLogger,
  profileId: number,
  decision: RacerDecision,
): Promise<AdminProfile> {
  const decided = await ctx.db.transaction(async (tx) => {
    const row = await lockProfile(tx, profileId);
    if (!row?.profile.isRacer) throw AppError.notFound(RACER_MSG.notFound);
    const refusal = racerDecisionRefusal(row.profile.isRacerConfirmed, decision);
    if (refusal) throw new AppError('CONFLICT', refusal);
    const racerId =
      decision === 'APPROVED' && row.profile.racerId === null ? await allocateRacerNumber(tx) : row.profile.racerId;
    const [updated] = await tx
      .update(profiles)
      .set({ isRacerConfirmed: decision, racerId })
      .where(eq(profiles.id, profileId))
      .returning();
    if (!updated) throw AppError.notFound(RACER_MSG.notFound);
    const decided = toAdminProfile(updated, row.user);
    await tellFamily(tx, decided);
    return decided;
  });
  nudgeMail(ctx);
  return decided;
}

/** The racer's account and the other accounts of its family (its parents) hear the decision: one
 * mail to each address, queued in the decision's transaction. */
async function tellFamily(tx: Tx, racer: AdminProfile): Promise<void> {
  const [account] = await tx.select().from(users).where(eq(users.id, racer.user.id));
  if (!account) return;
  const family =
    account.familyId === null
      ? [account]
      : await tx
          .select()
          .from(users)
          .where(and(eq(users.familyId, account.familyId), eq(users.isActive, true)));
  const data = {
    name: `${racer.user.first_name} ${racer.user.last_name}`,
    approved: racer.is_racer_confirmed === 'APPROVED',
    racerId: racer.racer_id,
  };
  for (const to of new Set(family.map((u) => u.email).filter(Boolean))) {
    await queueMail(tx, { template: 'racer-decided', to, data });
  }
}

/** The 'racer-decided' mail (mail/templates.ts): data { name, approved, racerId }. */
export async function racerDecidedTemplate(ctx: AppContext, data: Record<string, unknown>): Promise<RenderedMail> {
  return renderEmail(ctx.config, 'racer-decided', {
    name: String(data.name ?? ''),
    approved: data.approved === true,
    racerId: typeof data.racerId === 'number' ? data.racerId : null,
  });
}
