import { bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './schema.ts';

/**
 * An administrator's authenticator (issue 27, docs/decisions/0047-second-factor.md): the RFC 6238
 * secret in base32, unconfirmed (confirmed_at null) until the first code from the app is right.
 * `last_step` is the time step of the last code accepted: a code of that step or an earlier one is
 * never accepted again (no replay inside the ±1 step window).
 */
export const totpFactors = pgTable('totp_factors', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time recovery codes, stored as SHA-256 hex of the code; `used_at` set when one signs in. */
export const totpRecoveryCodes = pgTable(
  'totp_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('totp_recovery_codes_user_idx').on(t.userId)],
);

/** Sign-in challenges (the signed token between the password and the code) already exchanged for
 * a session: the token's id, kept until the token would have expired anyway. */
export const totpUsedChallenges = pgTable('totp_used_challenges', {
  jti: text('jti').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * The security log (issue 37, docs/decisions/0063-security-log.md): one row per account-security
 * event — password changed or reset, second factor on or off, recovery codes made or used, account
 * deleted, sign-in refused by a limit — with who (the account's id and its username as it was),
 * when, and from which address (null when done from the server's shell). `user_id` has no foreign
 * key on purpose: the row outlives the account (kept 12 months, retention.ts).
 */
export const securityEvents = pgTable(
  'security_events',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    userId: integer('user_id'),
    username: text('username').notNull(),
    kind: text('kind').notNull(),
    ip: text('ip'),
    detail: text('detail'),
  },
  (t) => [index('security_events_at_idx').on(t.at), index('security_events_user_idx').on(t.userId)],
);
