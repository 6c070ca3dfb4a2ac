/**
 * Lookups of one kind from many requests at once answered by one query (docs/decisions/0022).
 *
 * A caller who finds no query of this kind running starts one at the end of this turn of the
 * event loop, with whoever else asked in the same turn: a quiet site waits for nothing more.
 * Callers who arrive while `maxInFlight` queries run wait, and the next query answers all of them
 * together. On the night entries open a thousand session checks become
 * a few dozen queries, each a little larger, and every caller still reads what the database held
 * after it asked (its query is sent after it arrived).
 */
export interface CoalesceOptions {
  /** Queries of this kind running at once (PGlite runs one at a time whatever this says). */
  maxInFlight?: number;
  /** Keys in one query at most. */
  maxBatch?: number;
  /** While lookups keep coming, at most one query per this many milliseconds: the callers of
   * those milliseconds go together. A lookup after a quiet spell is sent at once. */
  minGapMs?: number;
}

/** The gap the request paths' lookups keep while busy (sessions, carts, a payment start's look at
 * its events): a few milliseconds more for a request on a busy night, a query per gap instead of
 * one per request. */
export const BUSY_GAP_MS = 3;

export type Lookup<K, V> = (key: K) => Promise<V | undefined>;

export function coalesce<K, V>(
  load: (keys: K[]) => Promise<Map<K, V>>,
  { maxInFlight = 2, maxBatch = 500, minGapMs = 0 }: CoalesceOptions = {},
): Lookup<K, V> {
  const waiting: { key: K; resolve: (v: V | undefined) => void; reject: (e: unknown) => void }[] = [];
  let running = 0;
  let scheduled = false;
  let lastSent = Number.NEGATIVE_INFINITY;
  const schedule = () => {
    if (scheduled || running >= maxInFlight || waiting.length === 0) return;
    scheduled = true;
    const wait = lastSent + minGapMs - performance.now();
    // after this turn of the event loop: the requests read from the sockets in this turn join
    // (on PGlite a query finishes within the turn that sent it, so without this nothing would)
    if (wait > 0) setTimeout(pump, wait);
    else setImmediate(pump);
  };
  const pump = () => {
    scheduled = false;
    while (running < maxInFlight && waiting.length > 0) {
      if (lastSent + minGapMs > performance.now()) return schedule();
      const batch = waiting.splice(0, maxBatch);
      running += 1;
      lastSent = performance.now();
      let answer: Promise<Map<K, V>>;
      try {
        answer = load([...new Set(batch.map((b) => b.key))]);
      } catch (error) {
        answer = Promise.reject(error);
      }
      answer
        .then(
          (found) => {
            for (const b of batch) {
              try {
                b.resolve(found.get(b.key));
              } catch (error) {
                b.reject(error);
              }
            }
          },
          (error: unknown) => {
            for (const b of batch) b.reject(error);
          },
        )
        .finally(() => {
          running -= 1;
          schedule();
        });
    }
  };
  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      waiting.push({ key, resolve, reject });
      schedule();
    });
}

/** One lookup per database (each test app has its own). */
export function perDatabase<D extends object, K, V>(make: (db: D) => Lookup<K, V>): (db: D) => Lookup<K, V> {
  const made = new WeakMap<D, Lookup<K, V>>();
  return (db) => {
    let lookup = made.get(db);
    if (!lookup) {
      lookup = make(db);
      made.set(db, lookup);
    }
    return lookup;
  };
}
