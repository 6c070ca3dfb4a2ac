import { and, eq, gt, gte, inArray, isNotNull, like, ne, notInArray, or, sql } from 'drizzle-orm';
import { DATA_RIGHTS_MSG, deletedRacerName } from '../../domain/accounts/data-rights.ts';
import { formatDayMonthYear, londonToday } from '../../domain/dates.ts';
import { racerKey } from '../../domain/results/rows.ts';
import { isAdmin } from '../../domain/roles.ts';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import {
  bookings,
  cartItems,
  contactMessages,
  events,
  linkRequests,
  loginFailures,
  mailOutbox,
  passwordResetTokens,
  paymentLines,
  payments,
  profiles,
  refunds,
  sessions,
  users,
} from '../db/schema.ts';
import { erasedRacers } from '../db/schema-data-rights.ts';
import { calendarFeeds } from '../db/schema-events.ts';
import { raceResults } from '../db/schema-results.ts';
import { startNumbers } from '../db/schema-start-lists.ts';
import { AppError } from '../errors.ts';
import { leaveFamily } from '../people/families.ts';
import { removePersonFromLists } from '../places/waiting-list.ts';
import { invalidatePublicCache } from '../plugins/public-cache.ts';
import { checkPassword } from './password-checks.ts';
import { recordSecurityEvent } from './security-log.ts';

/**
 * Account deletion at its owner's request (issue 27, UK GDPR right to erasure; docs/decisions/0050).
 * The account is anonymised, not deleted: its orders, payments and refunds must stay for six
 * years after their financial year (retention.ts removes them then), and they reference it.
 * Everything else that names the person goes at once: profile details and consents, sessions,
 * feeds, carts, link requests, contact messages and the mail addressed to them; their results stay
 * (standings must not change) under "Deleted racer #n". A parent's deletion takes them out of the
 * family and leaves the children's accounts as they are. The deletion is written to the security
 * log under the username the account had (docs/decisions/0063): that row is kept 12 months.
 */
export async function deleteAccount(ctx: AppContext, userId: number, password: string, ip: string): Promise<void> {
  if (!password) throw AppError.validation({ password: [DATA_RIGHTS_MSG.passwordRequired] });
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user || user.deletedAt) throw AppError.unauthenticated();
  if (isAdmin({ role: user.role, admin_level: user.adminLevel, is_superuser: user.isSuperuser })) {
    throw new AppError('CONFLICT', DATA_RIGHTS_MSG.administrator);
  }
  // counted in the sign-in limits (password-checks.ts): 429 past them, the right password too
  await checkPassword(ctx, { user, password, ip }, () =>
    AppError.validation({ password: [DATA_RIGHTS_MSG.passwordWrong] }),
  );
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    // the account's row locked: a booking or payment started at the same time waits, then finds it gone
    const [locked] = await tx
      .select({ email: users.email, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!locked || locked.deletedAt) throw AppError.unauthenticated();
    await refuseWhileOpen(tx, userId, now);
    await eraseResults(tx, userId, now);
    await removePersonalRows(tx, userId, user.username, locked.email);
    await removePersonFromLists(tx, userId, now);
    await leaveFamily(tx, userId);
    await tx
      .update(profiles)
      .set({
        racerId: null,
        isRacer: false,
        contactNumber: '',
        dateOfBirth: null,
        gender: null,
        skiOrBoard: null,
        localClub: '',
        otherClub: '',
        emergencyContactName: '',
        emergencyContactNumber: '',
        acceptTermsAndConditions: false,
        permissionPhotographed: false,
        permissionNameOnPhotos: false,
        permissionSocialMedia: false,
        permissionShareDataWithSponsors: false,
        seRegNumber: '',
        archived: true,
      })
      .where(eq(profiles.userId, userId));
    await tx
      .update(users)
      .set({
        username: `deleted-${userId}`,
        email: '',
        firstName: 'Deleted',
        lastName: 'account',
        passwordHash: '!',
        passwordChangedAt: now,
        isActive: false,
        familyId: null,
        deletedAt: now,
      })
      .where(eq(users.id, userId));
    await recordSecurityEvent(ctx, tx, {
      userId,
      username: user.username,
      kind: 'account_deleted',
      ip,
      detail: 'deleted by its owner',
    });
  });
  await invalidatePublicCache(ctx);
}

/** Refuses while an entry of the person (theirs, or one they booked or paid for) is upcoming, a
 * payment of theirs holds places, or a refund of theirs is not yet paid. */
async function refuseWhileOpen(tx: Tx, userId: number, now: Date): Promise<void> {
  const today = londonToday(now);
  const paidBookings = tx
    .select({ id: paymentLines.bookingId })
    .from(paymentLines)
    .innerJoin(payments, eq(payments.id, paymentLines.paymentId))
    .where(and(eq(payments.userId, userId), isNotNull(paymentLines.bookingId)));
  const [upcoming] = await tx
    .select({ name: events.name, date: events.date })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(
      and(
        gte(events.date, today),
        or(eq(bookings.userId, userId), eq(bookings.bookedById, userId), inArray(bookings.id, paidBookings)),
      ),
    )
    .orderBy(events.date)
    .limit(1);
  if (upcoming)
    throw new AppError('CONFLICT', DATA_RIGHTS_MSG.upcomingEntry(upcoming.name, formatDayMonthYear(upcoming.date)));
  const [held] = await tx
    .select({ id: paymentLines.id })
    .from(paymentLines)
    .innerJoin(payments, eq(payments.id, paymentLines.paymentId))
    .where(
      and(
        eq(paymentLines.state, 'held'),
        gt(paymentLines.heldUntil, now),
        or(eq(payments.userId, userId), eq(paymentLines.participantId, userId)),
      ),
    )
    .limit(1);
  if (held) throw new AppError('CONFLICT', DATA_RIGHTS_MSG.paymentUnderway);
  const [pending] = await tx
    .select({ id: refunds.id })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(eq(payments.userId, userId), notInArray(refunds.status, ['succeeded', 'manual'])))
    .limit(1);
  if (pending) throw new AppError('CONFLICT', DATA_RIGHTS_MSG.refundPending);
}

/** The person's results keep their club, category and times under "Deleted racer #n"; the
 * racer number is remembered so that a file naming it again is stored under that name too. */
async function eraseResults(tx: Tx, userId: number, now: Date): Promise<void> {
  const [profile] = await tx.select({ racerId: profiles.racerId }).from(profiles).where(eq(profiles.userId, userId));
  if (profile?.racerId === null || profile?.racerId === undefined) return;
  const racerId = String(profile.racerId);
  await tx.execute(sql`LOCK TABLE erased_racers IN SHARE ROW EXCLUSIVE MODE`);
  const [known] = await tx.select().from(erasedRacers).where(eq(erasedRacers.racerId, racerId));
  let number = known?.number;
  if (number === undefined) {
    const [top] = await tx.select({ max: sql<number | null>`max(${erasedRacers.number})` }).from(erasedRacers);
    number = (top?.max ?? 0) + 1;
    await tx.insert(erasedRacers).values({ racerId, number, erasedAt: now });
  }
  await tx
    .update(raceResults)
    .set({ name: deletedRacerName(number) })
    .where(sameRacer(racerId));
}

/** Results rows of the racer number `racerId` (a profile's, so digits without leading zeros),
 * however the file spelt it ("0123", " 123 "): as racerKey (domain/results/rows.ts) compares. */
export function sameRacer(racerId: string) {
  return sql`ltrim(upper(trim(${raceResults.racerId})), '0') = ${racerId}`;
}

/** What names the person and is not kept for the accounts: removed at once. */
async function removePersonalRows(tx: Tx, userId: number, username: string, email: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
  await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  await tx.delete(startNumbers).where(eq(startNumbers.userId, userId));
  await tx.delete(cartItems).where(or(eq(cartItems.ownerId, userId), eq(cartItems.participantId, userId)));
  await tx.delete(linkRequests).where(or(eq(linkRequests.requesterId, userId), eq(linkRequests.targetId, userId)));
  const account = username.toLowerCase();
  await tx
    .delete(loginFailures)
    .where(
      or(
        eq(loginFailures.key, `user:${account}`),
        like(loginFailures.key, `pair:% ${account.replace(/[\\%_]/g, '\\$&')}`),
      ),
    );
  // mail and messages by address, unless another account uses the same address (a child's
  // account may carry a parent's): they are as much that account's
  const [sharer] = email
    ? await tx
        .select({ id: users.id })
        .from(users)
        .where(and(ne(users.id, userId), sql`lower(${users.email}) = lower(${email})`))
        .limit(1)
    : [undefined];
  if (email && !sharer) {
    await tx.delete(contactMessages).where(sql`lower(${contactMessages.email}) = lower(${email})`);
    await tx.delete(mailOutbox).where(sql`lower(${mailOutbox.recipient}) = lower(${email})`);
  }
}

/** The names that results rows of deleted accounts' racer numbers carry ("Deleted racer #n"),
 * by racerKey: a results file naming such a racer again is stored under that name. */
export async function erasedNames(tx: Tx, racerIds: string[]): Promise<Map<string, string>> {
  const keys = [...new Set(racerIds.map(racerKey))];
  if (keys.length === 0) return new Map();
  const rows = await tx.select().from(erasedRacers).where(inArray(erasedRacers.racerId, keys));
  return new Map(rows.map((r) => [r.racerId, deletedRacerName(r.number)]));
}
