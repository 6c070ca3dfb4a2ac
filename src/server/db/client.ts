import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { privateFolder, tightenTree } from '../data-dir.ts';
import { lockDataDir } from './data-dir-lock.ts';
import * as baseSchema from './schema.ts';
import * as dataRightsSchema from './schema-data-rights.ts';
import * as eventsSchema from './schema-events.ts';
import * as operationsSchema from './schema-operations.ts';
import * as resultsSchema from './schema-results.ts';
import * as securitySchema from './schema-security.ts';
import * as startListsSchema from './schema-start-lists.ts';
import * as waitingListSchema from './schema-waiting-list.ts';

/** The embedded database's folder belongs to one process (data-dir-lock.ts). */
export { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

/** Every table: the accounts, events, people and payments, the results (schema-results.ts) and
 * the operators' side (schema-operations.ts: file chunks, backups, health alerts), events' former
 * slugs, messages to entrants and calendar feeds (schema-events.ts), erased racers
 * (schema-data-rights.ts), administrators' second factors (schema-security.ts), start lists'
 * links and bibs (schema-start-lists.ts), and the family waiting list (schema-waiting-list.ts). */
export const schema = {
  ...baseSchema,
  ...resultsSchema,
  ...operationsSchema,
  ...eventsSchema,
  ...dataRightsSchema,
  ...securitySchema,
  ...startListsSchema,
  ...waitingListSchema,
};

export type Schema = typeof schema;
/** The one database type the services use, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle, for functions that must run inside one. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL's connection string (absent for the embedded database). */
  url?: string;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  url?: string | undefined;
  /** Where PGlite keeps its files; `memory://` for an in-memory database. */
  dataDir?: string;
  /** A PGlite `dumpDataDir()` tarball to start from (tests). */
  loadDataDir?: Blob | File;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /** Told when an idle PostgreSQL connection fails. */
  onIdleError?: (error: Error) => void;
}

/** How long a request waits for a PostgreSQL connection before the database counts as out of reach. */
export const CONNECT_TIMEOUT_MS = 5000;

/** Network errors of a connection that could not be made or was lost. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  // PostgreSQL's SQLSTATEs: connection exceptions (class 08), shutdowns and restarts (57P01-57P03)
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
]);

/** What pg and PGlite say when there is no connection to use. */
const UNREACHABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is closed|Client was closed|PGlite is closed|cannot use a pool after calling end/i;

/**
 * True when an error (or any cause inside it: Drizzle wraps the driver's) says the database could
 * not be reached: refused, reset or timed-out connections, a server shutting down, pg's pool
 * timing out, a closed PGlite. Such a request answers 503 (plugins/errors.ts), never 500.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 6; depth++) {
    const { code, message, errors } = e as { code?: unknown; message?: unknown; errors?: unknown };
    if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
    if (typeof message === 'string' && UNREACHABLE_MESSAGE.test(message.split('\nparams:')[0] ?? '')) return true;
    // an AggregateError (a host with several addresses, each refused)
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnreachable(inner))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** PGlite's buffer pool: PostgreSQL's 128 MB default is WebAssembly memory that is never given
 * back; an association's database is a few tens of MB, and 16 MB holds its working set
 * (docs/decisions/0036-memory.md). */
export const PGLITE_SHARED_BUFFERS = '16MB';

/** Opens the database: PostgreSQL through `pg` when a URL is given, PGlite otherwise. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // a server out of reach (or a pool with no free connection) fails a request in 5 s rather
      // than holding it until the client gives up: the answer is then a 503 (isDatabaseUnreachable)
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    // An idle connection that dies (server restart, admin kill) is dropped from the pool; the
    // next query opens a new one. Without a listener the error would crash the process.
    pool.on('error', (error) => options.onIdleError?.(error));
    // A connection in use but between statements (a transaction's JavaScript running) that the
    // server ends (a restart: 57P01) emits 'error' on its client, where the pool listens only
    // while it is idle: unheard, it crashed the process (pg-restart.postgres.test.ts). Heard here,
    // the client is marked broken: its next statement fails as unreachable (503) and the pool drops
    // it when it is released. Idle ones are still told through the pool's 'error' above.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzle(pool, { schema }) as unknown as Db;
    return { db, kind: 'postgres', url: options.url, close: () => pool.end() };
  }
  // PGlite's modules are loaded only here: a server on PostgreSQL never holds them
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { forDrizzle } = await import('./pglite-client.ts');
  const dataDir = options.dataDir ?? 'memory://';
  let release = () => {};
  if (!dataDir.startsWith('memory://')) {
    // 0700, and the files already in it 0600: PGlite sets 0666 on the files it makes, whatever
    // the umask, so the folder is what keeps them the owner's (data-dir.ts, issue 37)
    privateFolder(dataDir);
    tightenTree(dataDir);
    release = lockDataDir(dataDir);
  }
  // pg_trgm: the trigram index behind the people searches (schema.ts, users.search_text)
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  let client: Awaited<ReturnType<typeof PGlite.create>>;
  try {
    client = await PGlite.create(dataDir, {
      extensions: { pg_trgm },
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
  } catch (error) {
    release();
    throw error;
  }
  // every query a named prepared statement, Drizzle's parsers installed once (pglite-client.ts)
  const db = drizzle(forDrizzle(client), { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

/** Applies every pending migration from src/server/db/migrations. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    type NodePgDb = Parameters<typeof migrate>[0];
    await migrate(database.db as unknown as NodePgDb, { migrationsFolder: MIGRATIONS_DIR });
  } else {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    type PgliteDb = Parameters<typeof migrate>[0];
    await migrate(database.db as unknown as PgliteDb, { migrationsFolder: MIGRATIONS_DIR });
  }
}

/** The advisory-lock key start-up work holds ('PISTE' in ASCII). */
export const STARTUP_LOCK_KEY = 0x50_49_53_54_45;

/**
 * Runs start-up work (migrations, the demo seed) holding a PostgreSQL advisory lock taken on a
 * connection of its own, released afterwards, so that instances started together take turns: the
 * second waits, then finds the migrations applied and the data seeded. If the process dies, the
 * server drops the connection and the lock with it. The embedded database belongs to one process
 * and needs no lock. `onWait` is told when another instance holds the lock.
 */
export async function withStartupLock<T>(
  url: string | undefined,
  work: () => Promise<T>,
  onWait?: () => void,
): Promise<T> {
  if (!url) return work();
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
      STARTUP_LOCK_KEY,
    ]);
    if (!rows[0]?.locked) {
      onWait?.();
      await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    }
    try {
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}
