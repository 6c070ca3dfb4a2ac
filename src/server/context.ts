import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Mailer } from './plugins/mail.ts';

/** What every service receives: configuration, the database, mail and the clock. Tests replace
 * `now` to move time (reset-link expiry, rate-limit windows). */
export interface AppContext {
  config: Config;
  db: Db;
  mailer: Mailer;
  now: () => Date;
}
