import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';

/**
 * Security headers (CSP, HSTS, nosniff, frame and referrer policies …) chosen with helmet. They
 * are the same for every response — no per-request nonces — so helmet runs once at start-up and
 * each reply gets the ready-made set: running it per request halved the public reads' throughput.
 */
/**
 * The payment providers' hosts (decisions.md): allowed on every page, since the app moves between
 * pages without reloading; their scripts load only when a payment page opens. Stripe.js and its
 * Payment Element frames; PayPal's button script, its windows and its API calls.
 */
export const PAYMENT_HOSTS = {
  script: ['https://js.stripe.com', 'https://www.paypal.com', 'https://www.sandbox.paypal.com'],
  frame: [
    'https://js.stripe.com',
    'https://hooks.stripe.com',
    'https://www.paypal.com',
    'https://www.sandbox.paypal.com',
  ],
  connect: ['https://api.stripe.com', 'https://www.paypal.com', 'https://www.sandbox.paypal.com'],
  img: ['https://*.stripe.com', 'https://www.paypalobjects.com'],
};

export function helmetOptions(config: Config): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...PAYMENT_HOSTS.script],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...PAYMENT_HOSTS.img],
        connectSrc: ["'self'", ...PAYMENT_HOSTS.connect],
        frameSrc: ["'self'", ...PAYMENT_HOSTS.frame],
        // only where the site is on https: on a plain-http address (a Debian install before its
        // certificate, a private network) the upgrade would send every asset to a closed port
        upgradeInsecureRequests: config.httpsOnly ? [] : null,
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

/**
 * What a JSON answer needs: it is never rendered as a page, so the page policies (referrer, opener,
 * DNS prefetch, old IE's download and XSS switches) say nothing for it. Kept: no sniffing it into
 * something executable, no framing, no reading it from another origin, HTTPS only, and a policy
 * that lets nothing load should a browser ever open one as a document — OWASP's REST Security
 * set. Half the headers of a page: on the busiest answers each header is measurable work.
 */
export function apiSecurityHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  const hsts = pageHeaders['strict-transport-security'];
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cross-origin-resource-policy': 'same-origin',
    ...(hsts ? { 'strict-transport-security': hsts } : {}),
    // API answers are never stored by browsers or proxies (they carry tokens and personal data);
    // the cached public reads say `no-cache` themselves
    'cache-control': 'no-store',
  };
}

/** Sets the headers on every reply: pages, files and errors outside /api get helmet's full set,
 * API answers (a route under /api, or an unknown path there) the JSON set. */
export function registerSecurityHeaders(app: FastifyInstance, pageHeaders: Record<string, string>): void {
  const apiHeaders = apiSecurityHeaders(pageHeaders);
  // the OpenAPI explorer under /api/docs is a page
  const isApi = (path: string) => path.startsWith('/api/') && !path.startsWith('/api/docs');
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApi((request.is404 ? request.url : request.routeOptions.url) ?? '') ? apiHeaders : pageHeaders);
    if (request.is404) reply.header('cache-control', 'no-store');
    done();
  });
}
