import { and, asc, eq, gte, inArray, isNull, like, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { londonToday } from '../../domain/dates.ts';
import {
  EVENT_MSG,
  type EventValues,
  eventSlug,
  type RegistrationStatus,
  registrationState,
  SLUG_MAX,
  SLUG_PATTERN,
  uniqueSlug,
} from '../../domain/events/index.ts';
import { RACE_CANCEL_MSG } from '../../domain/payments/race-cancel.ts';
import type { AppContext } from '../context.ts';
import type { Db, Tx } from '../db/client.ts';
import { eventDocuments, events } from '../db/schema.ts';
import { eventSlugs } from '../db/schema-events.ts';
import { AppError } from '../errors.ts';
import { cancelledRaceInstallation, refundCancelledRace, sendCancelledRaceRefunds } from '../payments/cancel-race.ts';
import { cancelAtProviders, releaseEventHolds } from '../payments/release.ts';
import { closeList, giveFreedPlaces, keepNoPlaces } from '../places/waiting-list.ts';
import { invalidatePublicCache } from '../plugins/public-cache.ts';
import { removeFiles, storeFiles } from '../plugins/storage.ts';
import { EVENT_CARD_COPIES } from './card-copies.ts';
import { checkEventSubmission, type MultipartForm } from './form.ts';
import { type EventDocumentRow, type EventRow, type Product, toProduct } from './shape.ts';

/** The home page's Upcoming Events show at most this many. */
export const LATEST_LIMIT = 6;

/** Serialises slug allocation between concurrent writers (an arbitrary, fixed advisory-lock key). */
const SLUG_LOCK = 7_340_001;

const notFound = () => AppError.notFound(EVENT_MSG.eventNotFound);

async function withDocuments(db: Db | Tx, rows: EventRow[]): Promise<Product[]> {
  if (rows.length === 0) return [];
  const docs = await db
    .select()
    .from(eventDocuments)
    .where(
      inArray(
        eventDocuments.eventId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(eventDocuments.uploadedAt), asc(eventDocuments.id));
  const byEvent = new Map<number, EventDocumentRow[]>();
  for (const doc of docs) byEvent.set(doc.eventId, [...(byEvent.get(doc.eventId) ?? []), doc]);
  return rows.map((row) => toProduct(row, byEvent.get(row.id)));
}

/** GET /products/: every event, date ascending, each with its documents. */
export async function listProducts(ctx: AppContext): Promise<Product[]> {
  const rows = await ctx.db.select().from(events).orderBy(asc(events.date), asc(events.id));
  return withDocuments(ctx.db, rows);
}

/** GET /latest-products/: upcoming (dated London today or later), not cancelled, date ascending, at most 6. */
export async function latestProducts(ctx: AppContext, today: string): Promise<Product[]> {
  const rows = await ctx.db
    .select()
    .from(events)
    .where(and(gte(events.date, today), isNull(events.cancelledAt)))
    .orderBy(asc(events.date), asc(events.id))
    .limit(LATEST_LIMIT);
  return withDocuments(ctx.db, rows);
}

/** A slug an address may name (anything else is unknown without asking the database). */
export const isSlug = (slug: string) => SLUG_PATTERN.test(slug) && slug.length <= SLUG_MAX;

/** GET /products/{slug}/: one event with its documents; a former slug is a {@link SlugMoved}. */
export async function productBySlug(ctx: AppContext, slug: string): Promise<Product> {
  if (!isSlug(slug)) throw notFound();
  const rows = await ctx.db.select().from(events).where(eq(events.slug, slug));
  const [product] = await withDocuments(ctx.db, rows);
  if (product) return product;
  const current = await currentSlugOf(ctx, slug);
  if (current) throw new SlugMoved(current);
  throw notFound();
}

/** Thrown for a former slug: the event now answers at `current`. */
export class SlugMoved extends Error {
  readonly current: string;
  constructor(current: string) {
    super(`the event moved to ${current}`);
    this.current = current;
    this.name = 'SlugMoved';
  }
}

/** The current slug of the event that once answered at `slug` (renamed since), or null. Every
 * former slug names its event, so a chain of renames (a → b → c) leads straight to the last. */
export async function currentSlugOf(ctx: AppContext, slug: string): Promise<string | null> {
  if (!isSlug(slug)) return null;
  const [row] = await ctx.db
    .select({ slug: events.slug })
    .from(eventSlugs)
    .innerJoin(events, eq(events.id, eventSlugs.eventId))
    .where(eq(eventSlugs.slug, slug));
  return row?.slug ?? null;
}

export async function loadProduct(ctx: AppContext, id: number, db: Db | Tx = ctx.db): Promise<Product> {
  const rows = await db.select().from(events).where(eq(events.id, id));
  const [product] = await withDocuments(db, rows);
  if (!product) throw notFound();
  return product;
}

async function findEvent(db: Db | Tx, id: number): Promise<EventRow> {
  const [row] = await db.select().from(events).where(eq(events.id, id));
  if (!row) throw notFound();
  return row;
}

/** The slug for a name and date, unique among events other than `exceptId`. Runs in the writing
 * transaction, under an advisory lock so that two writers cannot pick the same one. */
async function allocateSlug(tx: Tx, values: EventValues, exceptId?: number): Promise<string> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${SLUG_LOCK})`);
  const base = eventSlug(values.name, values.date);
  const taken = await tx
    .select({ id: events.id, slug: events.slug })
    .from(events)
    .where(or(eq(events.slug, base), like(events.slug, `${base}-%`)));
  return uniqueSlug(
    base,
    taken.filter((t) => t.id !== exceptId).map((t) => t.slug),
  );
}

function columns(values: EventValues) {
  return {
    name: values.name,
    date: values.date,
    slopeName: values.slopeName,
    eventType: values.eventType,
    pricePence: values.pricePence,
    quantity: values.quantity,
    url: values.url,
    bannerMessage: values.bannerMessage,
    registrationOpen: values.registrationOpen,
    registrationOpenTime: values.registrationOpenTime,
    registrationClose: values.registrationClose,
    registrationCloseTime: values.registrationCloseTime,
    ...(values.startTime === undefined ? {} : { startTime: values.startTime }),
  };
}

/**
 * An event takes `slug`: a former slug of any event stops being one (the new owner answers at
 * it), and, on a rename, the event's old slug becomes a former slug of its own, so that links
 * shared under it answer 308 to the new one. Runs in the writing transaction.
 */
async function takeSlug(tx: Tx, eventId: number, slug: string, previous: string | null, now: Date): Promise<void> {
  await tx.delete(eventSlugs).where(eq(eventSlugs.slug, slug));
  if (previous === null || previous === slug) return;
  await tx
    .insert(eventSlugs)
    .values({ slug: previous, eventId, retiredAt: now })
    .onConflictDoUpdate({ target: eventSlugs.slug, set: { eventId, retiredAt: now } });
}

/**
 * POST /products/create/: everything is checked first (fields and files); then the files are
 * stored and the event inserted in one transaction, so a refusal or failure leaves nothing.
 */
export async function createEvent(ctx: AppContext, form: MultipartForm): Promise<Product> {
  const { values, files } = checkEventSubmission(form, { mode: 'create', booked: 0 });
  const id = await storeFiles(
    ctx,
    files,
    async (keys, tx) => {
      const slug = await allocateSlug(tx, values);
      const now = ctx.now();
      const [row] = await tx
        .insert(events)
        .values({
          ...columns(values),
          slug,
          image: keys.image,
          imageCard: keys.image_card,
          logo: keys.logo,
          logoCard: keys.logo_card,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: events.id });
      if (!row) throw new Error('event insert returned nothing');
      await takeSlug(tx, row.id, slug, null, now);
      return row.id;
    },
    EVENT_CARD_COPIES,
  );
  await invalidatePublicCache(ctx);
  return loadProduct(ctx, id);
}

/**
 * PUT /products/{id}/update/: the same fields; image and logo only when replaced (the old files
 * are removed after the commit). The slug follows the name and year. Quantity may not go below
 * the places booked, which the update itself guards, so a booking taken meanwhile is never lost.
 */
export async function updateEvent(ctx: AppContext, id: number, form: MultipartForm): Promise<Product> {
  const current = await findEvent(ctx.db, id);
  const { values, files } = checkEventSubmission(form, { mode: 'update', booked: current.booked });
  const replaced = await storeFiles(
    ctx,
    files,
    async (keys, tx) => {
      const [locked] = await tx.select().from(events).where(eq(events.id, id)).for('update');
      if (!locked) throw notFound();
      // places kept for the waiting list are not taken: they go back before the quantity is
      // checked, and the list takes what is free again after it (a raised quantity frees places)
      await keepNoPlaces(tx, id);
      const sameSlug = eventSlug(values.name, values.date) === eventSlug(locked.name, locked.date);
      const slug = sameSlug ? locked.slug : await allocateSlug(tx, values, id);
      // held places count: a payment under way converts its hold into a booking without asking again
      const guard =
        values.eventType === 'race'
          ? sql`${events.booked} + ${events.held} <= ${values.quantity}`
          : and(eq(events.booked, 0), eq(events.held, 0));
      const [row] = await tx
        .update(events)
        .set({
          ...columns(values),
          slug,
          image: keys.image ?? locked.image,
          imageCard: keys.image ? (keys.image_card ?? null) : locked.imageCard,
          logo: keys.logo ?? locked.logo,
          logoCard: keys.logo ? (keys.logo_card ?? null) : locked.logoCard,
          updatedAt: ctx.now(),
        })
        .where(and(eq(events.id, id), guard))
        .returning({ id: events.id });
      if (!row) {
        throw AppError.validation(
          values.eventType === 'race'
            ? {
                quantity: [
                  locked.held > 0
                    ? EVENT_MSG.quantityBelowTaken(locked.booked, locked.held)
                    : EVENT_MSG.quantityBelowBooked(locked.booked),
                ],
              }
            : { event_type: [EVENT_MSG.typeChangeWithBookings(locked.booked + locked.held)] },
        );
      }
      if (!sameSlug) await takeSlug(tx, id, slug, locked.slug, ctx.now());
      await giveFreedPlaces(tx, id, ctx.now());
      // the replaced files, removed once this commits: a picture goes with its card copy
      return [
        ...(keys.image ? [locked.image, locked.imageCard] : []),
        ...(keys.logo ? [locked.logo, locked.logoCard] : []),
      ];
    },
    EVENT_CARD_COPIES,
  );
  await removeFiles(ctx, ctx.db, replaced);
  await invalidatePublicCache(ctx);
  return loadProduct(ctx, id);
}

/**
 * POST /products/{id}/cancel/: marks the event cancelled; it stays listed, shows Cancelled and
 * takes no bookings. Cancelling again changes nothing (the first cancellation time is kept). In
 * one transaction: its held places are released and the payments holding them cancelled (the
 * providers are told after commit, best effort); every paid entry gets its full refund and every
 * entrant an e-mail (payments/cancel-race.ts, issue 35), the refunds sent after commit. A payment
 * that completes anyway is refunded in full for this event's lines when it settles
 * (docs/decisions/0028, 0056).
 */
export async function cancelEvent(
  ctx: AppContext,
  log: FastifyBaseLogger,
  id: number,
  adminId: number | null = null,
): Promise<Product> {
  const installation = await cancelledRaceInstallation(ctx);
  const { changed, open, refunded } = await ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ cancelledAt: events.cancelledAt, date: events.date })
      .from(events)
      .where(eq(events.id, id));
    if (!current || current.cancelledAt) return { changed: false, open: [], refunded: [] };
    // a day that is over is not cancelled: a mistaken click would refund every entry
    if (current.date < londonToday(ctx.now())) throw new AppError('CONFLICT', RACE_CANCEL_MSG.takenPlace);
    // the payments' locks, then the event's, as every writer takes them
    const open = await releaseEventHolds(tx, id, adminId);
    const marked = await tx
      .update(events)
      .set({ cancelledAt: ctx.now(), updatedAt: ctx.now() })
      .where(and(eq(events.id, id), isNull(events.cancelledAt)))
      .returning({ id: events.id });
    if (marked.length === 0) return { changed: false, open: [], refunded: [] };
    // its waiting list ends with it
    await closeList(tx, id, ctx.now());
    // then the paid entries' payments (after the event's row, as a parent's cancellation takes them)
    const refunded = await refundCancelledRace(tx, id, adminId, installation);
    return { changed: true, open, refunded };
  });
  if (changed) {
    await cancelAtProviders(ctx, log, open);
    await invalidatePublicCache(ctx);
    await sendCancelledRaceRefunds(ctx, log, refunded);
  }
  return loadProduct(ctx, id);
}

const REFUSALS: Partial<Record<RegistrationStatus, string>> = {
  none: EVENT_MSG.notBookableType,
  cancelled: EVENT_MSG.cancelled,
  full: EVENT_MSG.full,
};

/**
 * For the cart and booking services: the event, if it can be booked at `now` (a race, not
 * cancelled, not full, inside its London registration window); otherwise 409 with the reason,
 * or 404 for an unknown event. Pass the transaction to read inside it. The place itself must
 * still be taken with a guarded update (booked < quantity) in that transaction.
 */
export async function assertBookable(
  ctx: AppContext,
  eventId: number,
  now: Date,
  db: Db | Tx = ctx.db,
): Promise<EventRow> {
  const row = await findEvent(db, eventId);
  const refusal = bookingRefusal(row, now);
  if (refusal) throw new AppError('CONFLICT', refusal);
  return row;
}

/** Why an event cannot be booked at `now`, or null when it can. */
/** The refusal of the event itself, its places aside (not a race, cancelled, window not open):
 * places are the capacity guard's to judge (places/guard.ts). */
export function windowRefusal(row: EventRow, now: Date): string | null {
  return bookingRefusal({ ...row, booked: 0, held: 0, quantity: 1 }, now);
}

export function bookingRefusal(row: EventRow, now: Date): string | null {
  const state = registrationState(toProduct(row), now);
  return state.bookable ? null : (REFUSALS[state.status] ?? EVENT_MSG.registrationNotOpen);
}
