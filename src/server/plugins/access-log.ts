import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The access log: one line per answer with the request id, method, route, status and time taken.
 * Fastify's own two lines per request (received, completed) are off: at info level they halved
 * the throughput of cached public reads. Successful public reads (GET, status < 400, route
 * declared public) are sampled — one line in `1 / sampleRate` — since a busy evening brings
 * thousands of them and each says the same; everything else is always logged: writes, signed-in
 * calls, client errors at info, server errors at error, and any answer slower than SLOW_MS at warn.
 * See docs/decisions/0009-request-logging.md.
 */
export const SLOW_MS = 1000;

/** What the log names the request by: the route's pattern (never a token or id a path carries),
 * or for an unknown path the path itself, cut short and without its query. */
export function loggedPath(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern && !request.is404) return pattern;
  const path = (request.url.split('?')[0] ?? '').replace(/^\/reset-password\/.*/, '/reset-password/…');
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}

/** Which successful public reads are written: one in `every` (0: none). The routes and the front
 * path (front-cache.ts) share one. */
export interface PublicReadSampler {
  every: number;
  /** Counts a read; true when this one is to be written. */
  take(): boolean;
}

export function publicReadSampler(sampleRate: number): PublicReadSampler {
  const every = sampleRate > 0 ? Math.max(1, Math.round(1 / sampleRate)) : 0;
  let reads = 0;
  return { every, take: () => every > 0 && reads++ % every === 0 };
}

/** The servers warming up: every answer while one does is the warm-up's (its page's own reads
 * too), since it runs before the server listens. */
const warming = new WeakSet<object>();

/**
 * Asks for `paths` once, before the server listens, so the first visitor's page is not the one
 * that pays for a cold start (the page renderer's first paint, code not yet compiled, the first
 * reads of the database) and is not logged as a "slow request". The warm-up's own answers are not
 * logged, and a failure of one is only noted: the server starts all the same.
 */
export async function warmUp(app: FastifyInstance, paths: readonly string[] = ['/']): Promise<void> {
  warming.add(app.server);
  try {
    for (const url of paths) {
      await app.inject({ method: 'GET', url }).catch((error: unknown) => {
        app.log.debug({ err: error, path: url }, 'warm-up request failed');
      });
    }
  } finally {
    warming.delete(app.server);
  }
}

export function registerAccessLog(app: FastifyInstance, sampler: PublicReadSampler): void {
  const { every } = sampler;
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
    if (warming.has(request.server.server)) return done();
    const ms = Math.round(reply.elapsedTime);
    const status = reply.statusCode;
    const line = { method: request.method, path: loggedPath(request), status, ms };
    // 503 is the maintenance gate's expected answer, not a failure
    if (status >= 500 && status !== 503) request.log.error(line, 'request failed');
    else if (ms >= SLOW_MS) request.log.warn(line, 'slow request');
    else {
      const publicRead =
        (request.method === 'GET' || request.method === 'HEAD') &&
        status < 400 &&
        request.routeOptions.config.access === 'public' &&
        !request.headers.authorization;
      if (!publicRead) request.log.info(line, 'request');
      else if (sampler.take()) request.log.info({ ...line, sampled: every }, 'request');
    }
    done();
  });
}
