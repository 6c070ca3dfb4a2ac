import { type PGlite, parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';

/**
 * Named prepared statements for PGlite (docs/decisions/0023). PGlite's `query` runs every
 * statement afresh, in six calls into the engine (parse, describe, bind, describe, execute, sync),
 * and plans it again each time: for the app's statements ~1.3 ms each, of which planning is about
 * half. Here a statement's text is parsed once under a name, with its parameter types and result
 * columns remembered; each later run is one call into the engine (bind, describe, execute, sync in
 * one message) and PostgreSQL may keep its plan. What the caller gets is what PGlite's `query`
 * gives: the same parameter serialisation, the same result parsing (PGlite's own), the same error
 * (PGlite's DatabaseError with the query and its parameters added).
 *
 * Locking is PGlite's: a query outside a transaction waits for any transaction under way and then
 * for the engine (`_runExclusiveTransaction`, then `runExclusive`); a query inside one (the
 * transaction holds the first lock) waits for the engine only. Prepared statements belong to the
 * session, not to a transaction: a rollback leaves them in place.
 */

/** Statements kept at most; past it the least recently used is closed. Drizzle writes one text
 * per shape of query (an `in (...)` list of each length is its own), so this bounds the memory. */
export const STATEMENTS_MAX = 250;

/** feature_not_supported ('cached plan must not change result type'), invalid_sql_statement_name. */
const STALE_STATEMENT = new Set(['0A000', '26000']);

interface Prepared {
  name: string;
  paramTypes: number[];
}

type Serializer = (value: unknown) => string;
/** PGlite's query options, as loosely as Drizzle passes them. */
export type StatementOptions = Omit<QueryOptions, 'parsers' | 'serializers' | 'blob'> & {
  blob?: unknown;
  parsers?: Record<number, unknown>;
  serializers?: Record<number, unknown>;
};

export interface StatementCache {
  /** Runs `sql` as a named statement (inside a transaction when `inTransaction`). */
  query<T>(
    sql: string,
    params: unknown[] | undefined,
    options: StatementOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>>;
  /** Statements currently prepared (tests look). */
  readonly size: number;
  /** Drops every statement (after statements the cache did not see, such as `exec`'s). */
  forgetAll(): Promise<void>;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** As PGlite adds them to an error from `query` (its `P`): the query, its parameters, options. */
function withQuery(error: unknown, sql: string, params: unknown[], options: StatementOptions | undefined): unknown {
  if (error && typeof error === 'object' && 'severity' in error) {
    Object.assign(error, { query: sql, params, queryOptions: options });
  }
  return error;
}

const caches = new WeakMap<PGlite, StatementCache>();

/** The client's statement cache: one per client, since the names live in its one session. */
export function statementCache(client: PGlite): StatementCache {
  let cache = caches.get(client);
  if (!cache) {
    cache = newStatementCache(client);
    caches.set(client, cache);
  }
  return cache;
}

/** Commands after which the statements are kept: the plain reads and writes, and transaction
 * control. After anything else (CREATE, ALTER, DROP, a DO block …) every statement is prepared
 * afresh: a table may have changed under it, and its parameter types and result columns were
 * described before. */
const KEEPS_STATEMENTS = new Set([
  'SELECT',
  'INSERT',
  'UPDATE',
  'DELETE',
  'MERGE',
  'COPY',
  'BEGIN',
  'COMMIT',
  'ROLLBACK',
  'SAVEPOINT',
  'RELEASE',
  'SHOW',
  'SET',
  'RESET',
  'LOCK',
  'NOTIFY',
  'TRUNCATE',
]);

function newStatementCache(client: PGlite): StatementCache {
  /** By parameter types asked for and text. */
  const prepared = new Map<string, Prepared>();
  /** Names of statements dropped from the cache, closed with the next message sent. */
  let toClose: string[] = [];
  let counter = 0;
  const { serialize } = protocol;

  /** Sends one message into the engine: first the closes owed, then `messages`. */
  const run = async (messages: Uint8Array[], options: StatementOptions | undefined) => {
    const whole = concat([...toClose.map((name) => serialize.close({ type: 'S', name })), ...messages]);
    toClose = [];
    return client.execProtocolStream(whole, {
      ...(options?.onNotice ? { onNotice: options.onNotice } : {}),
      syncToFs: false,
    });
  };

  const forget = (key: string) => {
    const statement = prepared.get(key);
    if (!statement) return;
    prepared.delete(key);
    toClose.push(statement.name);
  };

  const forgetAll = () => {
    for (const key of [...prepared.keys()]) forget(key);
  };

  const prepare = async (key: string, sql: string, options: StatementOptions | undefined): Promise<Prepared> => {
    counter += 1;
    const name = `piste_${counter}`;
    const described = await run(
      [
        serialize.parse({ name, text: sql, ...(options?.paramTypes ? { types: options.paramTypes } : {}) }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ],
      options,
    );
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(described) };
    prepared.set(key, statement);
    if (prepared.size > STATEMENTS_MAX) {
      const [oldest] = prepared.keys();
      if (oldest !== undefined) forget(oldest);
    }
    return statement;
  };

  const execute = async <T>(
    sql: string,
    params: unknown[],
    options: StatementOptions | undefined,
  ): Promise<Results<T>> => {
    const key = options?.paramTypes ? `${options.paramTypes.join(',')}|${sql}` : sql;
    let statement = prepared.get(key);
    if (statement) {
      // most recently used last
      prepared.delete(key);
      prepared.set(key, statement);
    } else {
      statement = await prepare(key, sql, options);
    }
    const serializers = client.serializers as Record<number, Serializer>;
    const own = options?.serializers as Record<number, Serializer> | undefined;
    const types = statement.paramTypes;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = types[i] as number;
      const serializer = own?.[type] ?? serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const bind = serialize.bind({ statement: statement.name, values });
    let messages: Awaited<ReturnType<typeof run>>;
    try {
      messages = await run([bind, serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()], options);
    } catch (error) {
      // a table changed under the statement (its rows no longer the shape it was prepared for),
      // or the statement is gone: prepared afresh next time
      if (STALE_STATEMENT.has((error as { code?: string }).code ?? '') && prepared.get(key) === statement) forget(key);
      throw error;
    }
    const [result] = parse.parseResults(messages, client.parsers, options as QueryOptions) as Results<T>[];
    const command = (result as { command?: string } | undefined)?.command;
    if (command && !KEEPS_STATEMENTS.has(command)) forgetAll();
    return result as Results<T>;
  };

  return {
    get size() {
      return prepared.size;
    },
    forgetAll: () => client.runExclusive(async () => forgetAll()),
    async query<T>(sql: string, params: unknown[] = [], options: StatementOptions | undefined, inTransaction: boolean) {
      const work = async () => {
        try {
          return await execute<T>(sql, params, options);
        } catch (error) {
          // outside a transaction a statement whose table changed shape is run once more,
          // prepared afresh, as PGlite's own query would have run it
          if (inTransaction || (error as { code?: string }).code !== '0A000')
            throw withQuery(error, sql, params, options);
          try {
            return await execute<T>(sql, params, options);
          } catch (again) {
            throw withQuery(again, sql, params, options);
          }
        }
      };
      if (inTransaction) return client.runExclusive(work);
      const result = await client._runExclusiveTransaction(() => client.runExclusive(work));
      await client.syncToFs();
      return result;
    },
  };
}
