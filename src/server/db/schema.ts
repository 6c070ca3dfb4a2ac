import { type SQL, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** A family: accounts linked together (the people issue adds link requests). */
export const families = pgTable('families', {
  id: serial('id').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An account. Role and admin level follow doc 1 §6: admin when role is admin, admin_level
 * ADMIN or SUPER, or is_superuser. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    adminLevel: text('admin_level', { enum: ['NONE', 'ADMIN', 'SUPER'] })
      .notNull()
      .default('NONE'),
    isSuperuser: boolean('is_superuser').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    familyId: integer('family_id').references(() => families.id, { onDelete: 'set null' }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the account was deleted at its owner's request (issue 27): the row stays, anonymised, for its orders. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** What the back office's people searches look in (users, racers, link requests): first and
     * last name, username and e-mail, lower-cased, kept by the database. Searched with LIKE
     * '%…%' through the trigram index below, not a scan per keystroke. */
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL =>
        sql`lower(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.username} || ' ' || ${users.email})`,
    ),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    index('users_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

/** The profile that goes with every user (doc 1 §3 "Account profile", doc 2 §3 "Profile"). */
export const profiles = pgTable('profiles', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  racerId: integer('racer_id').unique(),
  isRacer: boolean('is_racer').notNull().default(false),
  isRacerConfirmed: text('is_racer_confirmed', { enum: ['PENDING', 'APPROVED', 'REJECTED'] })
    .notNull()
    .default('PENDING'),
  contactNumber: text('contact_number').notNull().default(''),
  dateOfBirth: date('date_of_birth', { mode: 'string' }),
  gender: text('gender', { enum: ['MALE', 'FEMALE'] }),
  skiOrBoard: text('ski_or_board', { enum: ['SKI', 'SNOWBOARD'] }),
  localClub: text('local_club').notNull().default(''),
  otherClub: text('other_club').notNull().default(''),
  emergencyContactName: text('emergency_contact_name').notNull().default(''),
  emergencyContactNumber: text('emergency_contact_number').notNull().default(''),
  acceptTermsAndConditions: boolean('accept_terms_and_conditions').notNull().default(false),
  permissionPhotographed: boolean('permission_photographed').notNull().default(false),
  permissionNameOnPhotos: boolean('permission_name_on_photos').notNull().default(false),
  permissionSocialMedia: boolean('permission_social_media').notNull().default(false),
  permissionShareDataWithSponsors: boolean('permission_share_data_with_sponsors').notNull().default(false),
  seRegNumber: text('se_reg_number').notNull().default(''),
  archived: boolean('archived').notNull().default(false),
});

/** One row per sign-in session. The refresh token is opaque; only its SHA-256 is stored. Every
 * refresh rotates it: the old hash moves to previousHash so that a replay is recognised and
 * revokes all of the user's sessions. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * A request to link two accounts into a family (doc 1 §4, doc 2 §4): made by one user naming
 * another, cancelled (deleted) by its maker or rejected by the user named while PENDING, and
 * approved or rejected by an administrator. At most one PENDING request per pair, whichever way
 * round (a unique index, so two requests sent at once cannot both be made).
 */
export const linkRequests = pgTable(
  'link_requests',
  {
    id: serial('id').primaryKey(),
    requesterId: integer('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetId: integer('target_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['PENDING', 'APPROVED', 'REJECTED'] })
      .notNull()
      .default('PENDING'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('link_requests_pending_pair_idx')
      .on(sql`least(${t.requesterId}, ${t.targetId})`, sql`greatest(${t.requesterId}, ${t.targetId})`)
      .where(sql`${t.status} = 'PENDING'`),
    // the admin list: by status, newest first
    index('link_requests_status_created_idx').on(t.status, t.createdAt),
    index('link_requests_requester_idx').on(t.requesterId),
    index('link_requests_target_idx').on(t.targetId),
  ],
);

/** Refresh tokens that were rotated away; presenting one again is a replay. */
export const rotatedTokens = pgTable('rotated_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  sessionId: integer('session_id')
    .notNull()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  rotatedAt: timestamp('rotated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use password-reset tokens (stored hashed), valid for one hour. */
export const passwordResetTokens = pgTable('password_reset_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Failed sign-ins, counted per address and per account inside a sliding window. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_key_at_idx').on(t.key, t.at)],
);

/** Site-wide settings by key (maintenance mode, editable content later). */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every uploaded file: stored under a generated name in DATA_DIR/uploads, served at
 * /media/{key} with its real type; documents download with their original name. */
export const storedFiles = pgTable('stored_files', {
  key: text('key').primaryKey(),
  originalName: text('original_name').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

const fileRef = (name: string) => text(name).references(() => storedFiles.key, { onDelete: 'set null' });

/** An event (the API calls it a product). Money in integer pence; windows are London local
 * dates and times (decisions.md). `booked` counts places taken by bookings; `held` counts places
 * held by payments under way (payment_lines in state held). booked + held never passes quantity:
 * both move only under the event's row lock (docs/decisions/0019). */
export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    date: date('date', { mode: 'string' }).notNull(),
    slopeName: text('slope_name').notNull(),
    /** The first start, "HH:MM" in London time (issue 26: receipts, event pages, calendar entries); null when not yet known. */
    startTime: text('start_time'),
    pricePence: integer('price_pence').notNull().default(0),
    image: fileRef('image'),
    /** The image's card copy (WebP, 800 px wide at most: docs/decisions/0045); null for an event
     * whose image came before card copies, whose cards show the image itself. */
    imageCard: fileRef('image_card'),
    logo: fileRef('logo'),
    /** The logo's card copy (WebP, 160 px wide at most), as imageCard. */
    logoCard: fileRef('logo_card'),
    url: text('url').notNull().default(''),
    bannerMessage: text('banner_message').notNull().default(''),
    eventType: text('event_type', { enum: ['race', 'external', 'school', 'information'] }).notNull(),
    registrationOpen: date('registration_open', { mode: 'string' }),
    registrationOpenTime: text('registration_open_time'),
    registrationClose: date('registration_close', { mode: 'string' }),
    registrationCloseTime: text('registration_close_time'),
    quantity: integer('quantity').notNull().default(0),
    booked: integer('booked').notNull().default(0),
    held: integer('held').notNull().default(0),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** A race's cancellation terms (issue 27, docs/decisions/0051): London date, HH:MM, fee. */
    cancelUntil: date('cancel_until', { mode: 'string' }),
    cancelUntilTime: text('cancel_until_time'),
    cancelFeePence: integer('cancel_fee_pence').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('events_date_idx').on(t.date),
    // the places' counters can never go negative nor past the event's places (issue 24)
    check('events_places_check', sql`${t.booked} >= 0 AND ${t.held} >= 0 AND ${t.booked} + ${t.held} <= ${t.quantity}`),
  ],
);

/** A document attached to an event (pdf, doc, docx, txt). */
export const eventDocuments = pgTable('event_documents', {
  id: serial('id').primaryKey(),
  eventId: integer('event_id')
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  file: text('file')
    .notNull()
    .references(() => storedFiles.key),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A place on an event for one participant (doc 2 "Booked participant"). One booking per
 * participant per event. `source` says how it was made: ADMIN (Add Participant), FREE (a free
 * checkout) or PAYMENT (against a confirmed payment; `paymentRef` and `amountPence` then say
 * which and how much). `events.booked` counts these rows and moves in the same transaction. */
export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    bookedById: integer('booked_by_id').references(() => users.id, { onDelete: 'set null' }),
    source: text('source', { enum: ['ADMIN', 'FREE', 'PAYMENT'] }).notNull(),
    paymentRef: text('payment_ref'),
    amountPence: integer('amount_pence').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bookings_event_user_idx').on(t.eventId, t.userId), index('bookings_user_idx').on(t.userId)],
);

/** A line of a user's cart: one participant (of the user's family) for one event. The same pair
 * is in a cart once. Places are not held by a cart; starting a payment holds them. */
export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    participantId: integer('participant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cart_items_owner_event_participant_idx').on(t.ownerId, t.eventId, t.participantId)],
);

/** A club and its slope (doc 2 "Slope detail"). */
export const slopeInfo = pgTable('slope_info', {
  id: serial('id').primaryKey(),
  raceClubName: text('race_club_name').notNull(),
  slopeName: text('slope_name').notNull(),
  slopeContactNumber: text('slope_contact_number').notNull().default(''),
  slopeWebsite: text('slope_website').notNull().default(''),
  slopeEmail: text('slope_email').notNull().default(''),
  addressLine1: text('address_line_1').notNull().default(''),
  addressLine2: text('address_line_2').notNull().default(''),
  locality: text('locality').notNull().default(''),
  postcode: text('postcode').notNull().default(''),
  slopeImage: fileRef('slope_image'),
  slopeMap: fileRef('slope_map'),
});

/** Policy and footer documents (pdf). */
export const organizationDocuments = pgTable('organization_documents', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  document: text('document')
    .notNull()
    .references(() => storedFiles.key),
});

export const teamMembers = pgTable('team_members', {
  id: serial('id').primaryKey(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  position: text('position').notNull(),
  photo: fileRef('photo'),
});

export const faqs = pgTable('faqs', {
  id: serial('id').primaryKey(),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
});

export type UserRow = typeof users.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;
export type LinkRequestRow = typeof linkRequests.$inferSelect;

// the payments' tables live in their own file; every table is imported from here
export { paymentLines, paymentLog, payments, refunds } from './schema-payments.ts';

/**
 * The mail outbox (issue 24; DESIGN.md "no answer waits for mail"): every e-mail is a row written
 * in the same transaction as what caused it, holding its template's name and data; a job renders
 * and sends it, with retries and back-off, and survives restarts. A sent row keeps only its
 * recipient, subject and time (`data` is cleared); a row past `expiresAt` (a reset link) is dropped
 * unsent.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    template: text('template').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'dropped'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Makes a mail that must go once (a payment's receipt) go once, whoever queues it. */
    dedupeKey: text('dedupe_key').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`)],
);

/** Messages sent through the contact form, kept as well as e-mailed (issue 24): nothing a visitor
 * sends is lost when mail is down. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);

/** Fixed-window counters shared by every instance (issue 24): how many times `key` (an address,
 * an account) did `bucket` (an uncached page paint, a payment start) in the window that began at
 * `windowStart`. Old windows are deleted by the jobs. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key, t.windowStart] }), index('rate_limits_window_idx').on(t.windowStart)],
);
