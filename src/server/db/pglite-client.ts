import { type PGlite, types } from '@electric-sql/pglite';
import { type StatementCache, type StatementOptions, statementCache } from './pglite-statements.ts';

/**
 * Drizzle's PGlite driver passes the same parsers with every query (dates, times and intervals,
 * and their arrays, kept as the text PostgreSQL sent), and PGlite merges them into its own map of
 * ~320 types for each query: an object copy that cost ~0.16 ms of every PGlite query, more than a
 * simple indexed read itself (measured: 0.26 against 0.10 ms for `select $1::int`). Here the
 * parsers are put into the client's map once, and a query whose parsers are exactly these goes
 * without them: the same rows, no copy. Any other parsers pass through untouched.
 * (docs/decisions/0023-pglite-prepared-statements.md)
 */
const identity = (value: string) => value;

/** The parsers Drizzle's PGlite session sends (drizzle-orm/pglite/session.js), all the identity. */
export const DRIZZLE_PGLITE_PARSERS: Record<number, (value: string) => string> = {
  [types.TIMESTAMP]: identity,
  [types.TIMESTAMPTZ]: identity,
  [types.INTERVAL]: identity,
  [types.DATE]: identity,
  1231: identity, // numeric[]
  1115: identity, // timestamp[]
  1185: identity, // timestamptz[]
  1187: identity, // interval[]
  1182: identity, // date[]
};

type Queryable = { query: (sql: string, params?: unknown[], options?: StatementOptions) => Promise<unknown> };

const INSTALLED = new Set(Object.keys(DRIZZLE_PGLITE_PARSERS));

/** True when the parsers name exactly the types installed here: what Drizzle sends with every
 * query. That Drizzle's are the same as these (the identity) is held by pglite-client.test.ts,
 * which compares rows read through this client with rows read through Drizzle's own. */
function onlyInstalled(parsers: Record<number, unknown>): boolean {
  const oids = Object.keys(parsers);
  return oids.length === INSTALLED.size && oids.every((oid) => INSTALLED.has(oid));
}

function withoutInstalledParsers(options: StatementOptions | undefined): StatementOptions | undefined {
  if (!options?.parsers || !onlyInstalled(options.parsers)) return options;
  const { parsers: _installed, ...rest } = options;
  return rest;
}

/**
 * The client (or a transaction's handle) as Drizzle gets it: `query` leaves out the parsers
 * installed here and runs as a named prepared statement (pglite-statements.ts). PGlite's own
 * `query` still answers what it must: a COPY to or from its blob device (the blob is its to hand
 * over), a client that is not ready (closing, closed), and a transaction's handle once that
 * transaction is over (it refuses: "Transaction is closed"; run as a statement it would land in
 * whatever transaction came next). After `exec` (any SQL, a table changed perhaps) every statement
 * is prepared afresh.
 */
function wrap<T extends Queryable>(target: T, client: PGlite, statements: StatementCache, inTransaction: boolean): T {
  const handle = target as unknown as { closed?: boolean };
  return new Proxy(target, {
    get(object, property) {
      if (property === 'query') {
        return (sql: string, params?: unknown[], options?: StatementOptions) => {
          const given = withoutInstalledParsers(options);
          const pglites =
            given?.blob !== undefined || sql.includes('/dev/blob') || !client.ready || (inTransaction && handle.closed);
          if (pglites) return object.query(sql, params, given);
          return statements.query(sql, params, given, inTransaction);
        };
      }
      if (property === 'exec') {
        const exec = (object as unknown as PGlite).exec.bind(object);
        return async (sql: string, options?: StatementOptions) => {
          try {
            return await exec(sql, options as never);
          } finally {
            await statements.forgetAll();
          }
        };
      }
      const value: unknown = Reflect.get(object, property, object);
      if (property === 'transaction' && typeof value === 'function') {
        const transaction = (value as PGlite['transaction']).bind(object);
        return <R>(work: (tx: Queryable) => Promise<R>) =>
          transaction((tx) => work(wrap(tx as unknown as Queryable, client, statements, true)));
      }
      // PGlite keeps its state in private fields: its methods must run on the client itself
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(object) : value;
    },
  });
}

/** Installs Drizzle's parsers in the client's own map and returns the client for Drizzle, its
 * queries run as prepared statements. */
export function forDrizzle(client: PGlite): PGlite {
  Object.assign(client.parsers, DRIZZLE_PGLITE_PARSERS);
  return wrap(client as unknown as Queryable, client, statementCache(client), false) as unknown as PGlite;
}
