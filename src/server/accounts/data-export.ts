import { and, eq, getTableColumns, inArray, is, ne, type SQL, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { DataExport, ExportValue } from '../../domain/accounts/data-rights.ts';
import type { AppContext } from '../context.ts';
import { schema } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { sameRacer } from './account-deletion.ts';

/**
 * "Download my data" (issue 27, UK GDPR right of access; docs/decisions/0050): everything held
 * about an account. It is built from the schema, not from a list written by hand: every column
 * that references `users` is either a SUBJECT column (the row is about the person: exported whole)
 * or an ACTOR column (the person did something to a row about someone else: only the row's key
 * and the column are exported, so an administrator's export holds nothing of others). A column
 * in neither list stops the export with an error (tests catch a new table before it ships).
 * Beyond the references, what names the person another way is added: their family's names, their
 * results (by racer number), their family's entries, their payments' lines, refunds and log,
 * their contact messages and the e-mails addressed to them (when the address is theirs: holdsAddress).
 */
const SUBJECT = new Set([
  'profiles.user_id',
  'sessions.user_id',
  'link_requests.requester_id',
  'link_requests.target_id',
  'password_reset_tokens.user_id',
  'bookings.user_id',
  'cart_items.owner_id',
  'cart_items.participant_id',
  'payments.user_id',
  'payment_lines.participant_id',
  'calendar_feeds.user_id',
  'totp_factors.user_id',
  'totp_recovery_codes.user_id',
  'start_numbers.user_id',
  'waiting_entries.owner_id',
  'waiting_members.racer_id',
]);
const ACTOR = new Set([
  'bookings.booked_by_id',
  'link_requests.decided_by',
  'refunds.requested_by',
  'payment_log.actor_id',
  'club_races.uploaded_by_id',
  'race_results.manual_by_id',
  'season_settings.updated_by_id',
  'entrant_messages.sent_by_id',
  'race_links.linked_by_id',
  'refunds.resolved_by_id',
  'waiting_entries.removed_by_id',
]);

/** Columns never exported, whoever they are about: secrets and what the database derives. */
export function isWithheldColumn(name: string): boolean {
  return name.endsWith('_hash') || name.includes('secret') || name === 'search_text';
}

interface UserColumn {
  table: PgTable;
  tableName: string;
  column: string;
}

/** Every column of every table that references users.id, from the schema. */
export function userReferences(): UserColumn[] {
  const found: UserColumn[] = [];
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    for (const fk of config.foreignKeys) {
      const ref = fk.reference();
      if (getTableConfig(ref.foreignTable).name !== 'users') continue;
      for (const column of ref.columns) found.push({ table: value, tableName: config.name, column: column.name });
    }
  }
  return found;
}

function plain(value: unknown): ExportValue {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(plain);
  if (typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, plain(v)]));
  }
  return value as string | number | boolean;
}

/** Rows by section, each row once (by its key), a whole row winning over a key-only one. */
class Sections {
  private readonly rows = new Map<string, Map<string, { whole: boolean; row: Record<string, ExportValue> }>>();

  add(section: string, key: string, row: Record<string, ExportValue>, whole: boolean): void {
    let rows = this.rows.get(section);
    if (!rows) {
      rows = new Map();
      this.rows.set(section, rows);
    }
    const had = rows.get(key);
    if (!had || (whole && !had.whole)) rows.set(key, { whole, row });
  }

  result(): Record<string, Record<string, ExportValue>[]> {
    return Object.fromEntries(
      [...this.rows.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([s, rows]) => [s, [...rows.values()].map((r) => r.row)]),
    );
  }
}

/** The rows of `table` that `where` picks, with the database's own column names (the query
 * builder, so dates and times read as everywhere else). */
async function rowsOf(ctx: AppContext, table: PgTable, where: SQL): Promise<Record<string, unknown>[]> {
  const columns = Object.entries(getTableColumns(table));
  const rows = (await ctx.db
    .select()
    .from(table as typeof schema.users)
    .where(where)) as Record<string, unknown>[];
  return rows.map((row) => Object.fromEntries(columns.map(([key, column]) => [column.name, row[key]])));
}

/** A table's column by its database name, for a condition. */
function columnOf(table: PgTable, name: string) {
  const column = Object.values(getTableColumns(table)).find((c) => c.name === name);
  if (!column) throw new Error(`${getTableConfig(table).name} has no column ${name}`);
  return column;
}

function keyColumns(table: PgTable): string[] {
  const config = getTableConfig(table);
  const single = config.columns.filter((c) => c.primary).map((c) => c.name);
  return single.length ? single : (config.primaryKeys[0]?.columns.map((c) => c.name) ?? []);
}

/** Adds `rows` of `table` to the export: whole (withheld columns left out) or key and `column` only. */
function addRows(
  out: Sections,
  table: PgTable,
  rows: Record<string, unknown>[],
  whole: boolean,
  column?: string,
): void {
  const { name } = getTableConfig(table);
  const keys = keyColumns(table);
  const shown = Object.values(getTableColumns(table))
    .map((c) => c.name)
    .filter((c) => (whole ? !isWithheldColumn(c) : keys.includes(c) || c === column));
  for (const row of rows) {
    const key = keys.map((k) => String(row[k])).join('/');
    out.add(name, key, Object.fromEntries(shown.map((c) => [c, plain(row[c])])), whole);
  }
}

/**
 * Whether the contact messages and mail to `email` are the account's: they record an address, not
 * an account, so when several accounts carry it (a child's account with a parent's address) they
 * are the first of them to register's, not every one's (docs/decisions/0065).
 */
async function holdsAddress(ctx: AppContext, userId: number, email: string): Promise<boolean> {
  const { users } = schema;
  const [first] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .orderBy(users.createdAt, users.id)
    .limit(1);
  return first?.id === userId;
}

/** Everything held about the account `userId`. */
export async function buildDataExport(ctx: AppContext, userId: number): Promise<DataExport> {
  const { users, bookings, paymentLines, refunds, paymentLog, payments, profiles } = schema;
  const [me] = await rowsOf(ctx, users, eq(users.id, userId));
  if (!me) throw AppError.notFound('Account not found.');
  const out = new Sections();
  addRows(out, users, [me], true);

  for (const ref of userReferences()) {
    const id = `${ref.tableName}.${ref.column}`;
    const whole = SUBJECT.has(id);
    if (!whole && !ACTOR.has(id)) throw new Error(`${id} references users but is not classified in data-export.ts`);
    const rows = await rowsOf(ctx, ref.table, eq(columnOf(ref.table, ref.column), userId));
    addRows(out, ref.table, rows, whole, ref.column);
  }

  // the family: its members' names, and their entries (My Entries shows them too)
  const familyId = me.family_id as number | null;
  if (familyId !== null) {
    const members = await ctx.db
      .select({ id: users.id, username: users.username, first_name: users.firstName, last_name: users.lastName })
      .from(users)
      .where(and(eq(users.familyId, familyId), ne(users.id, userId)));
    for (const m of members) out.add('family', String(m.id), m, true);
    const inFamily = ctx.db.select({ id: users.id }).from(users).where(eq(users.familyId, familyId));
    addRows(out, bookings, await rowsOf(ctx, bookings, inArray(bookings.userId, inFamily)), true);
  }

  // what hangs off the person's payments: every line, refund and log line
  const paid = ctx.db.select({ id: payments.id }).from(payments).where(eq(payments.userId, userId));
  addRows(out, paymentLines, await rowsOf(ctx, paymentLines, inArray(paymentLines.paymentId, paid)), true);
  addRows(out, refunds, await rowsOf(ctx, refunds, inArray(refunds.paymentId, paid)), true);
  addRows(out, paymentLog, await rowsOf(ctx, paymentLog, inArray(paymentLog.paymentId, paid)), true);

  // results by racer number
  const [profile] = await ctx.db
    .select({ racerId: profiles.racerId })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  if (profile?.racerId !== null && profile?.racerId !== undefined) {
    const { raceResults } = schema;
    addRows(out, raceResults, await rowsOf(ctx, raceResults, sameRacer(String(profile.racerId))), true);
  }

  // what names the person by e-mail address alone: the account's if it holds the address
  const email = String(me.email);
  if (email && (await holdsAddress(ctx, userId, email))) {
    const { contactMessages, mailOutbox } = schema;
    addRows(
      out,
      contactMessages,
      await rowsOf(ctx, contactMessages, sql`lower(${contactMessages.email}) = lower(${email})`),
      true,
    );
    addRows(
      out,
      mailOutbox,
      await rowsOf(ctx, mailOutbox, sql`lower(${mailOutbox.recipient}) = lower(${email})`),
      true,
    );
  }

  return {
    generated_at: ctx.now().toISOString(),
    account: { id: userId, username: String(me.username) },
    sections: out.result(),
  };
}
