import { type SQL, sql } from 'drizzle-orm';
import type pg from 'pg';

/**
 * Changes every instance on one PostgreSQL database must hear of at once (issue 25,
 * docs/decisions/0035-several-instances.md): an administrator's edit drops the public cache, the
 * maintenance switch turns. The instance that makes the change sends a NOTIFY on one channel after
 * its write has committed; every instance LISTENs on one connection of its own (`listenForChanges`)
 * and acts on it within milliseconds. Polling stays the fallback: while the listening connection
 * is down (it reconnects with back-off), and on the embedded database (one process: nobody to tell).
 */
export const CHANGES_CHANNEL = 'piste_changes';

/** The listening connection's application_name (pg_stat_activity shows it). */
export const LISTENER_NAME = 'piste-listener';

export const CHANGES = ['public-cache', 'maintenance'] as const;
export type Change = (typeof CHANGES)[number];

/**
 * Tells every instance listening on this database of a change, in the statement that makes it:
 * `db.with(write).select({ told: announcement(change) }).from(write)`, where `write` is the
 * change's own write as a WITH query (returning a row). One round trip, and PostgreSQL sends the
 * notification when the write commits, so a listener that reads at once finds it. On the
 * embedded database nobody listens (one process), and the notification goes nowhere.
 */
export function announcement(change: Change): SQL<unknown> {
  return sql`pg_notify(${CHANGES_CHANNEL}, ${change})`;
}

export interface ChangeHandlers {
  /** A change announced by any instance (this one included). */
  change(change: Change): void;
  /** Listening (again): changes made while the connection was down were not heard, so the
   * receiver must look afresh. */
  connected(): void;
  /** The connection is down: the receiver polls until `connected`. */
  lost(): void;
}

export interface ChangeListener {
  readonly listening: boolean;
  close(): Promise<void>;
}

export interface ListenOptions {
  /** The first wait before reconnecting, doubled at each failure up to `maxDelayMs`. */
  minDelayMs?: number;
  maxDelayMs?: number;
  log?: { warn(message: string): void; info(message: string): void };
}

/**
 * LISTENs on CHANGES_CHANNEL on a connection of its own (a pool's connections are shared and
 * come and go; a listener must stay), reconnecting after a failure with a doubling wait. The
 * handlers are told when it is up and when it is lost.
 */
export function listenForChanges(url: string, handlers: ChangeHandlers, options: ListenOptions = {}): ChangeListener {
  const minDelay = options.minDelayMs ?? 500;
  const maxDelay = options.maxDelayMs ?? 30_000;
  let delay = minDelay;
  let client: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;

  let everListened = false;

  const down = (dropped: pg.Client, reason: string) => {
    // told once per connection (pg may say 'error' and then 'end')
    if (closed || client !== dropped) return;
    client = null;
    const wasListening = listening;
    listening = false;
    dropped.removeAllListeners();
    dropped.on('error', () => {}); // a late error of the dropped connection
    dropped.end().catch(() => {});
    if (wasListening) {
      options.log?.warn(
        `the connection listening for other instances' changes was lost (${reason}): polling until it is back`,
      );
      handlers.lost();
    }
    timer = setTimeout(connect, delay);
    timer.unref();
    delay = Math.min(delay * 2, maxDelay);
  };

  async function connect(): Promise<void> {
    timer = null;
    if (closed) return;
    const { default: pg } = await import('pg');
    const current = new pg.Client({ connectionString: url, application_name: LISTENER_NAME });
    client = current;
    current.on('error', (error) => down(current, error.message));
    current.on('end', () => down(current, 'the connection ended'));
    current.on('notification', (message) => {
      if (message.channel !== CHANGES_CHANNEL) return;
      const change = CHANGES.find((c) => c === message.payload);
      if (change) handlers.change(change);
    });
    try {
      await current.connect();
      await current.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (error) {
      down(current, (error as Error).message);
      return;
    }
    if (closed || client !== current) return;
    listening = true;
    delay = minDelay;
    if (everListened) options.log?.info("listening for other instances' changes again");
    everListened = true;
    handlers.connected();
  }

  void connect();
  return {
    get listening() {
      return listening;
    },
    async close() {
      closed = true;
      listening = false;
      if (timer) clearTimeout(timer);
      const last = client;
      client = null;
      if (!last) return;
      last.removeAllListeners();
      last.on('error', () => {});
      await last.end().catch(() => {});
    },
  };
}
