import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Providers } from './payments/providers.ts';
import type { Mailer } from './plugins/mail.ts';

/** What every service receives: configuration, the database, mail and the clock. Tests replace
 * `now` to move time (reset-link expiry, rate-limit windows). */
export interface AppContext {
  config: Config;
  db: Db;
  /** Which database is behind `db`: on PostgreSQL uploads live in it and instances are told of
   * changes by NOTIFY (docs/decisions/0035-several-instances.md). */
  databaseKind: 'pglite' | 'postgres';
  mailer: Mailer;
  now: () => Date;
  /** The payment providers of this configuration. */
  payments: Providers;
  /** False only in the canary test that proves the overselling test can see a race: places are
   * then checked against a read taken before the transaction, without the event's row lock. */
  placeGuard: boolean;
}
