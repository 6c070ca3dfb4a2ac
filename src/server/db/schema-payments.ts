import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bookings, events, users } from './schema.ts';

/** Payments (issues 9 and 24): the payment, its lines, its refunds and its log. Re-exported by
 * schema.ts, where every table is imported from. */
/**
 * A card or wallet payment (issue 9; docs/decisions/0019). Starting one holds the places of its
 * lines until `heldUntil`; the provider's confirmation (webhook, the client's call after paying,
 * or a capture) settles it once: each line becomes a booking or, when its place was lost, is
 * refunded. `reference` is the provider's id (PaymentIntent, PayPal order, demo payment).
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    provider: text('provider', { enum: ['stripe', 'paypal', 'demo'] }).notNull(),
    reference: text('reference'),
    amountPence: integer('amount_pence').notNull(),
    currency: text('currency').notNull().default('GBP'),
    status: text('status', { enum: ['started', 'succeeded', 'canceled'] })
      .notNull()
      .default('started'),
    /** What the provider last said (demo: the demo payment's own state). */
    providerStatus: text('provider_status'),
    heldUntil: timestamp('held_until', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** PayPal: the capture to refund. */
    captureReference: text('capture_reference'),
    /** What the provider reported it took, when that was not what the server asked for. */
    paidAmountPence: integer('paid_amount_pence'),
    paidCurrency: text('paid_currency'),
    /** Why the association must look at this payment (e.g. its amount or currency differed from
     * what the server asked for: it was refunded in full); null when nothing is wrong. */
    attention: text('attention'),
    attentionAt: timestamp('attention_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_provider_reference_idx').on(t.provider, t.reference),
    index('payments_attention_idx').on(t.attentionAt).where(sql`${t.attention} IS NOT NULL`),
    index('payments_user_idx').on(t.userId),
    index('payments_started_idx').on(t.heldUntil).where(sql`${t.status} = 'started'`),
  ],
);

/** One participant on one event within a payment: held, then booked, released (hold lapsed or
 * payment replaced) or lost (paid, but no place was left: refunded). */
export const paymentLines = pgTable(
  'payment_lines',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'restrict' }),
    participantId: integer('participant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    pricePence: integer('price_pence').notNull(),
    state: text('state', { enum: ['held', 'booked', 'released', 'lost'] })
      .notNull()
      .default('held'),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    /** When this line's hold ends: 15 minutes after the first payment start that covered its
     * (event, participant) pair; a later start for the same pair within that time carries it over
     * (decisions.md: no restart, provider switch or remove-and-add moves it). */
    heldUntil: timestamp('held_until', { withTimezone: true }),
    /** The refund that gave this line's amount back, if any. */
    refundId: integer('refund_id').references((): AnyPgColumn => refunds.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('payment_lines_payment_event_participant_idx').on(t.paymentId, t.eventId, t.participantId),
    uniqueIndex('payment_lines_one_hold_idx').on(t.eventId, t.participantId).where(sql`${t.state} = 'held'`),
    index('payment_lines_event_idx').on(t.eventId),
  ],
);

/**
 * A refund of (part of) a payment (issue 24): the automatic ones (a place lost, a line removed
 * after it was paid, a cancelled event, an amount that differed) and, later, those a parent or an
 * administrator asks for. One row per refund asked of the provider, with the idempotency key it
 * was asked with, so a retry never refunds twice; the lines it covers point at it.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    amountPence: integer('amount_pence').notNull(),
    cause: text('cause', {
      enum: ['place_lost', 'line_removed', 'event_cancelled', 'amount_mismatch', 'requested'],
    }).notNull(),
    /** requested (to send), sending (claimed by one sender, issue 35), pending (the provider
     * accepted it; a webhook or the job follows it), succeeded, failed (sending failed: retried
     * after a back-off, then after REFUND_TRIES tries it waits in the administrators' queue),
     * refused (the provider said no for good: waits in the queue), manual (an administrator
     * refunded it by hand). docs/decisions/0052, 0055. */
    status: text('status', {
      enum: ['requested', 'sending', 'pending', 'succeeded', 'failed', 'refused', 'manual'],
    })
      .notNull()
      .default('requested'),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    providerRefundId: text('provider_refund_id'),
    /** Who asked for it: null when the system did (the automatic refunds). */
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    attempts: integer('attempts').notNull().default(0),
    /** Who marked it refunded by hand, and when (issue 27: the queue of failed refunds). */
    resolvedById: integer('resolved_by_id').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refunds_payment_idx').on(t.paymentId),
    index('refunds_open_idx').on(t.createdAt).where(sql`${t.status} <> 'succeeded'`),
    index('refunds_provider_refund_idx').on(t.providerRefundId),
    check('refunds_amount_check', sql`${t.amountPence} > 0`),
  ],
);

/**
 * The payment log (issue 24; DESIGN.md "every change of a payment's state is logged"): one row per
 * change, with its time, its cause and the provider's ids. The trail an association reads when a
 * parent says "I paid and have no place".
 */
export const paymentLog = pgTable(
  'payment_log',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    state: text('state', {
      enum: [
        'started',
        'held',
        'confirmed',
        'booked',
        'lost',
        'released',
        'canceled',
        'declined',
        'refund_requested',
        'refund_succeeded',
        'refund_failed',
        'needs_attention',
      ],
    }).notNull(),
    cause: text('cause', { enum: ['user', 'webhook', 'job', 'admin', 'system'] }).notNull(),
    /** The user or administrator behind it, when a person was. */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The provider's ids: payment intent or order, capture, refund, webhook event. */
    providerIds: jsonb('provider_ids').$type<Record<string, string>>().notNull().default({}),
    detail: text('detail').notNull().default(''),
  },
  (t) => [index('payment_log_payment_idx').on(t.paymentId, t.at)],
);
