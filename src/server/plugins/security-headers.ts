import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';

/**
 * Security headers (CSP, HSTS, nosniff, frame and referrer policies …) chosen with helmet. They
 * are the same for every response — no per-request nonces — so helmet runs once at start-up and
 * each reply gets the ready-made set: running it per request halved the public reads' throughput.
 */
export function helmetOptions(config: Config): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        // The payment issue adds its providers' hosts here and to script-src, with the code that
        // needs them.
        frameSrc: ["'self'"],
        upgradeInsecureRequests: config.isProduction ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
  };
}

/** The headers helmet would set, collected from one dry run. */
export async function computeSecurityHeaders(options: HelmetOptions): Promise<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  await new Promise<void>((resolve, reject) =>
    helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) =>
      error ? reject(error) : resolve(),
    ),
  );
  return headers;
}

/** Sets the headers on every reply. API answers are never stored by browsers or proxies (they
 * carry tokens and personal data); the cached public reads say `no-cache` themselves. */
export function registerSecurityHeaders(app: FastifyInstance, headers: Record<string, string>): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (request.routeOptions.url?.startsWith('/api/') || request.is404) reply.header('cache-control', 'no-store');
    done();
  });
}
