import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { mayServeLastKnown, noteDatabaseAnswered } from '../db/faults.ts';
import { announcement } from '../db/notify.ts';
import { siteSettings } from '../db/schema.ts';
import { maintenanceIfKnown } from '../maintenance/service.ts';
import { CacheEntries, type Slot } from './cache-entries.ts';
import { type CacheableAnswer, type Entry, makeEntry, pickEncoding } from './cache-entry.ts';

/**
 * Public reads (events, clubs, team, FAQs, documents, governance, content) are cached in memory
 * and dropped on every admin write, so a visitor never sees stale data after a change.
 *
 * Every admin write calls `invalidatePublicCache` AFTER its transaction has committed (a read
 * between an earlier clear and the commit could otherwise refill the cache with the old data): the
 * local cache is cleared at once, and a generation number in the database is raised so that other
 * instances sharing the database drop theirs too: on PostgreSQL they are told at once (a NOTIFY,
 * db/notify.ts), and look at the generation once a minute besides; while they cannot hear (the
 * listening connection down, or no listener) they look at it at most once a second.
 */
const KEY = 'public_cache_generation';
const CHECK_MS = 1000;
/** How often the generation is read while changes are pushed: a net under a lost notification. */
const PUSHED_CHECK_MS = 60_000;

/** An address the front path may answer (front-cache.ts): which entry, and the headers the
 * route sent with it other than the entry's own (type, ETag, encoding, length). */
export interface FrontRoute {
  key: string;
  /** The route's pattern, for the access log. */
  pattern: string;
  /** name, value, name, value … */
  headers: string[];
}

interface CacheState {
  generation: number;
  checkedAt: number;
  /** How long a look at the generation holds: CHECK_MS, or PUSHED_CHECK_MS while changes are pushed. */
  checkMs: number;
  /** A look at the generation under way (one at a time). */
  checking?: Promise<void>;
  /** Bounded in bytes (PUBLIC_CACHE_MAX_BYTES), least recently used first out. */
  entries: CacheEntries<Entry>;
  /** Exact request addresses the front path answers, learnt from the routes' own answers. */
  front: Map<string, FrontRoute>;
}

/** Bounds the front path's addresses; past it they are forgotten and learnt again. */
const FRONT_ROUTES_MAX = 1000;
/** Headers the front path takes from the entry, not from the route's answer. */
const ENTRY_HEADERS = new Set(['etag', 'content-type', 'content-encoding', 'content-length']);

const states = new WeakMap<AppContext, CacheState>();
/** The apps that hear other instances' changes at once (db/notify.ts). */
const pushed = new WeakSet<AppContext>();

function state(ctx: AppContext): CacheState {
  let s = states.get(ctx);
  if (!s) {
    s = {
      generation: -1,
      checkedAt: 0,
      checkMs: pushed.has(ctx) ? PUSHED_CHECK_MS : CHECK_MS,
      entries: new CacheEntries(ctx.config.publicCacheMaxBytes),
      front: new Map(),
    };
    states.set(ctx, s);
  }
  return s;
}

async function readGeneration(ctx: AppContext): Promise<number> {
  const [row] = await ctx.db.select().from(siteSettings).where(eq(siteSettings.key, KEY));
  noteDatabaseAnswered(ctx);
  return Number((row?.value as { generation?: number } | undefined)?.generation ?? 0);
}

/** The cache, after a look (at most once a second) at whether another instance dropped it. */
function freshState(ctx: AppContext): CacheState | Promise<CacheState> {
  const s = state(ctx);
  // a look under way may still drop what is there: wait for it rather than load into a cache
  // about to be emptied (pipelined requests at start did, and kept one page of sixty)
  if (s.checking) return s.checking.then(() => s);
  if (Date.now() - s.checkedAt < s.checkMs) return s;
  s.checkedAt = Date.now();
  s.checking = readGeneration(ctx).then(
    (generation) => {
      if (generation !== s.generation) {
        s.generation = generation;
        s.entries.clear();
      }
      s.checking = undefined;
    },
    (error: unknown) => {
      s.checking = undefined;
      // the database out of reach: what is cached is served a while (db/faults.ts), the
      // generation looked at again in a second
      if (s.generation >= 0 && mayServeLastKnown(ctx, error)) {
        s.checkedAt = Date.now() - s.checkMs + CHECK_MS;
        return;
      }
      s.checkedAt = 0;
      throw error;
    },
  );
  return s.checking.then(() => s);
}

/** How much the cache holds: its entries (loading ones included) and the bytes counted for them,
 * against its bound. */
export function publicCacheStats(ctx: AppContext): { entries: number; bytes: number; maxBytes: number } {
  const { entries } = state(ctx);
  return { entries: entries.count, bytes: entries.bytes, maxBytes: entries.maxBytes };
}

/** Whether a read of `key` would be answered without loading: an entry that is current, or one
 * already loading (the page routes count a paint only when it is not). */
export function isCachedOrLoading(ctx: AppContext, key: string): boolean {
  const slot = states.get(ctx)?.entries.peek(key);
  return slot !== undefined && (slot.entry === undefined || usable(ctx, slot.entry) !== undefined);
}

/** Forgets everything cached for this app (tests empty the tables between cases). */
export function resetPublicCache(ctx: AppContext): void {
  states.delete(ctx);
}

/** Another instance dropped its cache (a NOTIFY): drop this one's, and read the generation at the
 * next request (the front path sends it to the routes until then). */
export function publicCacheChanged(ctx: AppContext): void {
  const s = states.get(ctx);
  if (!s) return;
  s.entries.clear();
  s.checkedAt = 0;
}

/** Whether other instances' changes are pushed to this app (its listening connection is up): the
 * generation is then read once a minute, otherwise at most once a second. */
export function setPublicCachePushed(ctx: AppContext, on: boolean): void {
  if (on) pushed.add(ctx);
  else pushed.delete(ctx);
  const s = states.get(ctx);
  if (s) s.checkMs = on ? PUSHED_CHECK_MS : CHECK_MS;
}

/** Drops every cached public read, here at once and on other instances at once (a NOTIFY on
 * PostgreSQL) or within a second (their poll). */
export async function invalidatePublicCache(ctx: AppContext): Promise<void> {
  state(ctx).entries.clear();
  const raised = ctx.db.$with('raised').as(
    ctx.db
      .insert(siteSettings)
      .values({ key: KEY, value: { generation: 1 }, updatedAt: ctx.now() })
      .onConflictDoUpdate({
        target: siteSettings.key,
        set: {
          value: sql`jsonb_build_object('generation', coalesce((${siteSettings.value}->>'generation')::int, 0) + 1)`,
          updatedAt: ctx.now(),
        },
      })
      .returning({ key: siteSettings.key }),
  );
  // the other instances are told in the same statement (db/notify.ts)
  await ctx.db
    .with(raised)
    .select({ told: announcement('public-cache') })
    .from(raised);
  state(ctx).entries.clear();
}

const coalescing = new WeakMap<AppContext, { last: number; timer: NodeJS.Timeout | null }>();

/**
 * Drops the public cache after a booking, a hold or a release, coalesced (issue 9): the first
 * change drops it at once; changes within the next `publicCacheCoalesceMs` drop it once more at
 * the end of that window. A rush of bookings thus recomputes the events list a few times a second,
 * not once per booking, and the list is never staler than the window. Administrators' edits keep
 * dropping it at once (invalidatePublicCache).
 */
export function dropPublicCacheSoon(ctx: AppContext): Promise<void> {
  const windowMs = ctx.config.publicCacheCoalesceMs;
  if (windowMs <= 0) return invalidatePublicCache(ctx);
  let c = coalescing.get(ctx);
  if (!c) {
    c = { last: 0, timer: null };
    coalescing.set(ctx, c);
  }
  const now = Date.now();
  if (now - c.last >= windowMs && !c.timer) {
    c.last = now;
    return invalidatePublicCache(ctx);
  }
  if (!c.timer) {
    const state = c;
    state.timer = setTimeout(
      () => {
        state.timer = null;
        state.last = Date.now();
        invalidatePublicCache(ctx).catch(() => {
          // the next change, or the once-a-second look at the generation, drops it
        });
      },
      Math.max(0, windowMs - (now - c.last)),
    );
    state.timer.unref();
  }
  return Promise.resolve();
}

/**
 * Answers a public GET from the cache, or loads and caches the answer (with brotli and gzip
 * copies made once). Sends an ETag, and 304 when the client already has this version. `key` must
 * name everything the answer depends on (the path and any query). Load failures are not cached;
 * an answer past its `expiresAt` is loaded again.
 */
export function sendCachedAnswer(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  load: () => Promise<CacheableAnswer>,
): FastifyReply | Promise<FastifyReply> {
  const fresh = freshState(ctx);
  // a hit on a current cache is answered synchronously: no promise on the busiest path
  const hit = fresh instanceof Promise ? undefined : usable(ctx, fresh.entries.use(key)?.entry);
  if (hit) return answer(request, reply, hit, key);
  return (async () => {
    const s = await fresh;
    // a use too (the look at the generation sent this read here, not a miss)
    let slot = s.entries.use(key);
    if (slot) {
      const cached = await slot.pending.catch(() => null);
      if (!usable(ctx, cached ?? undefined)) slot = undefined;
    }
    if (!slot) {
      const pending = load().then(makeEntry);
      const created: Slot<Entry> = { pending, size: 0 };
      s.entries.add(key, created);
      pending.then(
        (entry) => {
          created.entry = entry;
          if (entry.keep) s.entries.loaded(key, created, entry);
          else s.entries.delete(key, created);
        },
        () => s.entries.delete(key, created),
      );
      slot = created;
    }
    return answer(request, reply, await slot.pending, key);
  })();
}

/** The entry unless the clock has made it stale. */
function usable(ctx: AppContext, entry: Entry | undefined): Entry | undefined {
  if (!entry) return undefined;
  return entry.expiresAt !== null && ctx.now().getTime() >= entry.expiresAt ? undefined : entry;
}

function answer(request: FastifyRequest, reply: FastifyReply, entry: Entry, key: string): FastifyReply {
  reply.header('etag', entry.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === entry.etag) return reply.status(304).send();
  rememberFront(request, reply, entry, key);
  reply.status(entry.status).type(entry.contentType);
  const encoding = pickEncoding(request.headers['accept-encoding'], entry);
  if (encoding) return reply.header('content-encoding', encoding).send(entry[encoding]);
  return reply.send(entry.body);
}

/**
 * The one spelling of a request with a query that the front path may learn: only for a route that
 * opts in (`config.frontQuery`), and only when the address is exactly its path and the query as
 * the route read it (validated, transformed: `slope_id=HEM`), keys in the schema's order. Any other
 * spelling (`hem`, an extra key, another order, an escape) always goes to the route, so an attacker
 * cannot grow the map beyond the route's valid values. Null when the route does not opt in.
 */
function canonicalQueryUrl(request: FastifyRequest): string | null {
  if (request.routeOptions.config.frontQuery !== true) return null;
  const query = request.query as Record<string, unknown> | undefined;
  const pairs = Object.entries(query ?? {}).filter(([, v]) => v !== undefined);
  if (pairs.length === 0) return null;
  const path = (request.raw.url ?? '').split('?')[0];
  return `${path}?${new URLSearchParams(pairs.map(([k, v]) => [k, String(v)])).toString()}`;
}

/**
 * The one spelling of the route's path that the front path may learn: its pattern with the
 * parameters as the route read them, escaped (`/api/v1/products/summer-show/`). `/api/v1/%70roducts/`,
 * `/booking#1` and `/booking;x` reach the same routes but are other spellings; null for a wildcard.
 */
function canonicalPath(request: FastifyRequest): string | null {
  const pattern = request.routeOptions.url;
  if (!pattern || pattern.includes('*')) return null;
  const params = request.params as Record<string, unknown> | undefined;
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params?.[name] ?? '')));
}

/**
 * Lets the front path answer this exact address next time, when what it would send is exactly
 * this: an anonymous GET of a public route, answered 200 while maintenance is known to be off (a
 * page's key names the maintenance state, and the front path serves only while it is off), at a
 * plain address (no escapes, and no query but a route's canonical one: the spellings and queries
 * an attacker can vary are never learnt, and the map stays small: the path must be the route's own,
 * canonicalPath). An answer that depends on more than its address must say
 * when it goes stale (`expiresAt`), as every cached answer must.
 */
function rememberFront(request: FastifyRequest, reply: FastifyReply, entry: Entry, key: string): void {
  const url = request.raw.url;
  if (
    request.method !== 'GET' ||
    entry.status !== 200 ||
    request.headers.authorization !== undefined ||
    !url ||
    (url.includes('?') && url !== canonicalQueryUrl(request)) ||
    url.includes('%') ||
    url.split('?')[0] !== canonicalPath(request) ||
    request.routeOptions.config.access !== 'public' ||
    maintenanceIfKnown(request.server.ctx) !== false
  )
    return;
  const { front } = state(request.server.ctx);
  if (front.get(url)?.key === key) return;
  if (front.size >= FRONT_ROUTES_MAX) front.clear();
  const headers: string[] = [];
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined && !ENTRY_HEADERS.has(name)) headers.push(name, String(value));
  }
  front.set(url, { key, pattern: request.routeOptions.url ?? url, headers });
}

/** What the front path may send for an exact address, right now: nothing unless the cache is
 * known current (a look at other instances' invalidations was made within the second; otherwise
 * the route makes it) and the entry has not gone stale by the clock. */
export function frontAnswer(ctx: AppContext, url: string): { route: FrontRoute; entry: Entry } | undefined {
  const s = states.get(ctx);
  if (!s || Date.now() - s.checkedAt >= s.checkMs || s.checking) return undefined;
  const route = s.front.get(url);
  const entry = route && usable(ctx, s.entries.use(route.key)?.entry);
  return route && entry ? { route, entry } : undefined;
}

/** A public JSON read through the cache (sendCachedAnswer); `expiresAt` when it goes stale by
 * the clock. */
export function sendCached(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  load: () => Promise<unknown>,
  expiresAt: Date | null = null,
): FastifyReply | Promise<FastifyReply> {
  return sendCachedAnswer(ctx, request, reply, key, async () => ({
    body: JSON.stringify(await load()),
    contentType: 'application/json; charset=utf-8',
    expiresAt: expiresAt?.getTime() ?? null,
  }));
}
