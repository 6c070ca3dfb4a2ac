import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { AppContext } from '../context.ts';
import { maintenanceIfKnown } from '../maintenance/service.ts';
import type { PublicReadSampler } from './access-log.ts';
import { pickEncoding } from './cache-entry.ts';
import { frontAnswer } from './public-cache.ts';

/**
 * The front path: an anonymous GET of an address the public cache already answered is sent
 * straight from the cache, before Fastify builds its request and reply and runs the hooks. It is
 * an in-process cache in front of the framework, as a reverse proxy's would be, and it sends
 * exactly what the route sent: the route's own headers, learnt from its answer, with the
 * entry's type, ETag and encoding. Anything it is not sure of goes to Fastify as before:
 * another method, a token, a conditional or bodied request, maintenance on or not known, the
 * cache not known current, an address no public route answered 200 at that exact spelling, and
 * the server closing. See docs/decisions/0014-front-path-for-cached-reads.md.
 */
export interface FrontCache {
  /** Answers the request and says true, or says false and leaves it untouched. */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
  /** Reads answered here (tests look). */
  served: number;
  /** From now on every request goes to Fastify (the server is closing). */
  close(): void;
}

export function createFrontCache(
  ctx: AppContext,
  options: { log: FastifyBaseLogger; sampler: PublicReadSampler },
): FrontCache {
  const { log, sampler } = options;
  let closing = false;
  const front: FrontCache = {
    served: 0,
    close() {
      closing = true;
    },
    serve(req, res) {
      const { headers } = req;
      if (
        closing ||
        req.method !== 'GET' ||
        !req.url ||
        headers.authorization !== undefined ||
        headers['if-none-match'] !== undefined ||
        headers['if-modified-since'] !== undefined ||
        headers['content-length'] !== undefined ||
        headers['transfer-encoding'] !== undefined ||
        maintenanceIfKnown(ctx) !== false
      )
        return false;
      const found = frontAnswer(ctx, req.url);
      if (!found) return false;
      const { route, entry } = found;
      const encoding = pickEncoding(headers['accept-encoding'], entry);
      const body = encoding ? (entry[encoding] as Buffer) : entry.body;
      const sent = [
        ...route.headers,
        'content-type',
        entry.contentType,
        'etag',
        entry.etag,
        'content-length',
        String(encoding ? (body as Buffer).length : entry.bytes),
      ];
      if (encoding) sent.push('content-encoding', encoding);
      res.writeHead(entry.status, sent);
      res.end(body);
      front.served += 1;
      if (sampler.take()) {
        log.info(
          { method: 'GET', path: route.pattern, status: entry.status, ms: 0, sampled: sampler.every, front: true },
          'request',
        );
      }
      return true;
    },
  };
  return front;
}

/**
 * Fastify's `serverFactory`: the HTTP server Fastify would make (with its timeouts), whose
 * requests meet the front path first once `front()` gives one.
 */
export function serverWithFront(front: () => FrontCache | undefined) {
  return (handler: (req: IncomingMessage, res: ServerResponse) => void, options: FastifyServerOptions): Server => {
    const server = createServer((req, res) => {
      if (!front()?.serve(req, res)) handler(req, res);
    });
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout ?? 0);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}
