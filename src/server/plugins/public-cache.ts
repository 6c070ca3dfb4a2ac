import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { siteSettings } from '../db/schema.ts';

/**
 * Public reads (events, clubs, team, FAQs, documents, governance, content) are cached in memory
 * and dropped on every admin write, so a visitor never sees stale data after a change.
 *
 * Every admin write calls `invalidatePublicCache` AFTER its transaction has committed (a read
 * between an earlier clear and the commit could otherwise refill the cache with the old data): the
 * local cache is cleared at once, and a generation number in the database is raised so that other
 * instances sharing the database drop theirs too; they look at it at most once a second.
 */
const KEY = 'public_cache_generation';
const CHECK_MS = 1000;

interface Entry {
  body: string;
  etag: string;
}

interface CacheState {
  generation: number;
  checkedAt: number;
  entries: Map<string, Promise<Entry>>;
}

const states = new WeakMap<AppContext, CacheState>();

function state(ctx: AppContext): CacheState {
  let s = states.get(ctx);
  if (!s) {
    s = { generation: -1, checkedAt: 0, entries: new Map() };
    states.set(ctx, s);
  }
  return s;
}

async function readGeneration(ctx: AppContext): Promise<number> {
  const [row] = await ctx.db.select().from(siteSettings).where(eq(siteSettings.key, KEY));
  return Number((row?.value as { generation?: number } | undefined)?.generation ?? 0);
}

async function freshState(ctx: AppContext): Promise<CacheState> {
  const s = state(ctx);
  const now = Date.now();
  if (now - s.checkedAt >= CHECK_MS) {
    s.checkedAt = now;
    const generation = await readGeneration(ctx);
    if (generation !== s.generation) {
      s.generation = generation;
      s.entries.clear();
    }
  }
  return s;
}

/** Forgets everything cached for this app (tests empty the tables between cases). */
export function resetPublicCache(ctx: AppContext): void {
  states.delete(ctx);
}

/** Drops every cached public read, here at once and on other instances within a second. */
export async function invalidatePublicCache(ctx: AppContext): Promise<void> {
  state(ctx).entries.clear();
  await ctx.db
    .insert(siteSettings)
    .values({ key: KEY, value: { generation: 1 }, updatedAt: ctx.now() })
    .onConflictDoUpdate({
      target: siteSettings.key,
      set: {
        value: sql`jsonb_build_object('generation', coalesce((${siteSettings.value}->>'generation')::int, 0) + 1)`,
        updatedAt: ctx.now(),
      },
    });
  state(ctx).entries.clear();
}

/**
 * Answers a public GET from the cache, or loads, serialises and caches it. Sends an ETag, and
 * 304 when the client already has this version. `key` must name everything the answer depends
 * on (the path and any query). Load failures are not cached.
 */
export async function sendCached(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  load: () => Promise<unknown>,
): Promise<FastifyReply> {
  const s = await freshState(ctx);
  let pending = s.entries.get(key);
  if (!pending) {
    pending = load().then((value) => {
      const body = JSON.stringify(value);
      return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
    });
    s.entries.set(key, pending);
    pending.catch(() => s.entries.delete(key));
  }
  const entry = await pending;
  reply.header('etag', entry.etag).header('cache-control', 'no-cache');
  if (request.headers['if-none-match'] === entry.etag) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').send(entry.body);
}
