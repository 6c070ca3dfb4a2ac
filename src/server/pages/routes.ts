import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { addressKey } from '../accounts/login-limits.ts';
import { SESSION_HINT_COOKIE } from '../accounts/sessions.ts';
import type { AppContext } from '../context.ts';
import { noteDatabaseFailure } from '../db/faults.ts';
import { hit } from '../db/rate-limits.ts';
import { AppError } from '../errors.ts';
import { isMaintenanceEnabled } from '../maintenance/service.ts';
import { limitPerAddress } from '../plugins/address-limits.ts';
import { sendOnceCompressed } from '../plugins/cache-entry.ts';
import { isCachedOrLoading, sendCachedAnswer } from '../plugins/public-cache.ts';
import { type PageAddresses, pageAddresses } from './addresses.ts';
import { currentSlug, EVENT_PAGE_PATTERN, eventPageAddress, eventPageMeta } from './event-page.ts';
import { headTags, type PageMeta, type Site } from './head.ts';
import { loadRenderer, loadTemplate, type PageTemplate, type Renderer } from './renderer.ts';
import { registerSiteFiles } from './site-files.ts';

const API_PREFIX = '/api/v1';

/** Hashed build assets never change under their name: a year, immutable. Anything else (the
 * HTML, icons without a hash) is revalidated on every use. */
export function assetCacheControl(path: string): string {
  return /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8}\.\w+(\.(br|gz))?$/.test(path)
    ? 'public, max-age=31536000, immutable'
    : 'no-cache';
}

const HTML = 'text/html; charset=utf-8';

/** Whether the request carries the session hint (src/server/accounts/sessions.ts): a sign-in
 * session may exist in this browser. It proves nothing; it only chooses what is painted. */
function holdsSession(request: FastifyRequest): boolean {
  return request.server.parseCookie(request.headers.cookie ?? '')[SESSION_HINT_COOKIE] === '1';
}

/** The page sent instead of a painting when an address has asked for too many (no script: it is
 * read as it is). */
export function tooManyPaintsPage(siteName: string, retryAfterSeconds: number): string {
  const wait = retryAfterSeconds === 1 ? '1 second' : `${retryAfterSeconds} seconds`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Too many pages asked for · ${siteName}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5"><h1>Too many pages asked for</h1><p>This address has asked for more pages in the last minute than a person reading them would. Please wait ${wait} and try again.</p></body></html>`;
}

/**
 * The web app: its built files, and its pages as routes of their own (declared public and open in
 * maintenance: the page itself shows the maintenance view). Public pages are painted on the server
 * (src/web/entry-server.tsx) as the anonymous visitor sees them, cached like the public reads they
 * show (dropped with them, and at the next moment the clock changes what they show); pages behind
 * a login are the plain shell, painted in the browser. Unknown addresses answer 404 — JSON under
 * /api, the painted 404 page elsewhere — and only they are rate-limited.
 */
export async function registerWeb(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { config } = ctx;
  const site: Site = { publicUrl: config.publicUrl, siteName: config.association.name };
  registerSiteFiles(app, ctx, site);
  const root = resolve(config.webDist);
  const hasWeb = existsSync(resolve(root, 'index.html'));
  let pages: { renderer: Renderer | null; template: PageTemplate } | null = null;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // the build's .br and .gz copies, chosen by Accept-Encoding
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => void reply.header('cache-control', assetCacheControl(path)),
      // source maps stay on the server (they would publish the whole source)
      // (nor is the build manifest, for the server's use only)
      allowedPath: (path) => !path.endsWith('.map') && !path.includes('.vite'),
    });
    pages = {
      renderer: await loadRenderer(config.webDist),
      template: await loadTemplate(root, config.association.code),
    };
    if (!pages.renderer)
      app.log.warn('the server renderer is not built (npm run build): pages are painted in the browser');
    pages.renderer?.configure(async (path) => {
      const res = await app.inject({ method: 'GET', url: `${API_PREFIX}${path}` });
      return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
    });
  }

  const shell = (reply: FastifyReply, template: PageTemplate, status = 200) =>
    reply
      .status(status)
      .type(HTML)
      .header('cache-control', 'no-cache')
      .send(template.fill({ title: '', description: '' }));

  /**
   * Whether this client may have one more page painted (PAINT_LIMIT_PER_MINUTE per address, IPv6
   * by /64, counted in the database so that every instance shares it); when not, answers 429
   * with a readable page and Retry-After. Cache hits are never counted.
   */
  async function mayPaint(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const max = config.paintLimitPerMinute;
    if (max === 0) return true;
    let counted: Awaited<ReturnType<typeof hit>>;
    try {
      counted = await hit(ctx, { bucket: 'paint', max, windowMs: 60_000 }, addressKey(request.ip));
    } catch (error) {
      // a full disk takes no count: the page, which only reads, is painted all the same (noted
      // for readiness and Site Health: db/faults.ts)
      if (noteDatabaseFailure(ctx, error) === 'full') return true;
      throw error;
    }
    if (counted.allowed) return true;
    reply
      .status(429)
      .type(HTML)
      .header('cache-control', 'no-store')
      .header('retry-after', String(counted.retryAfterSeconds))
      .send(tooManyPaintsPage(config.association.code, counted.retryAfterSeconds));
    return false;
  }

  /**
   * During maintenance a browser that holds a session (the hint cookie) gets the plain shell
   * instead of the painted maintenance view, never kept (see below).
   *
   * Paints a page at its canonical address (`canonical`, the request's own spelling: any other
   * was redirected), cached under it; a page painted as the 404 page (`canonical` null) is
   * never cached.
   */
  async function paint(
    request: FastifyRequest,
    reply: FastifyReply,
    renderer: Renderer,
    template: PageTemplate,
    canonical: string | null,
    meta?: () => Promise<PageMeta | null>,
  ) {
    const maintenance = await isMaintenanceEnabled(ctx);
    if (maintenance && !request.is404 && holdsSession(request)) return shell(reply, template, 503);
    const load = async () => {
      const page = await renderer.render(request.url, { maintenance, now: ctx.now() });
      if (page.complete === false && page.status !== 404)
        request.log.warn({ url: request.url, failedReads: page.failedReads ?? [] }, 'page painted with a failed read');
      const own = !maintenance && page.status === 200 && meta ? await meta() : null;
      const shown: PageMeta = own ?? {
        title: page.title,
        description: page.description,
        path: page.status === 404 ? null : canonical,
      };
      return {
        body: template.fill({
          ...page,
          title: shown.title,
          description: shown.description,
          head: headTags(site, shown),
        }),
        contentType: HTML,
        status: page.status,
        expiresAt: page.expiresAt,
        // a read that failed while painting (maintenance switched on mid-way, a database hiccup)
        // would stay in the cached page until the next write: send it this once only
        keep: page.complete !== false,
      };
    };
    const key = canonical === null ? null : `page:${maintenance ? 'maintenance' : 'open'}:${canonical}`;
    if (key === null || !isCachedOrLoading(ctx, key)) {
      if (!(await mayPaint(request, reply))) return reply;
    }
    if (key === null) {
      const answer = await load();
      return sendOnceCompressed(
        request,
        reply.status(answer.status).type(HTML).header('cache-control', 'no-cache'),
        answer.body,
      );
    }
    return sendCachedAnswer(ctx, request, reply, key, load);
  }

  /** 308 to the page's canonical address when the request spelt it otherwise; true when sent. */
  function redirected(request: FastifyRequest, reply: FastifyReply, canonical: string | null): boolean {
    if (canonical === null || canonical === request.raw.url) return false;
    reply.header('cache-control', 'no-cache').redirect(canonical, 308);
    return true;
  }

  let addresses: PageAddresses | null = null;
  if (pages) {
    const { renderer, template } = pages;
    const patterns = renderer?.pagePatterns() ?? [];
    addresses = pageAddresses(patterns);
    const known = addresses;
    for (const pattern of patterns) {
      if (pattern.path === EVENT_PAGE_PATTERN && renderer) {
        app.get(
          pattern.path,
          { config: { access: 'public', maintenance: 'open' }, schema: { hide: true } },
          (request, reply) => eventPage(request, reply, renderer, template),
        );
        continue;
      }
      // a painted page with a query of its own: the front path may learn its canonical spelling
      const frontQuery = known.readsQuery(pattern.path) ? { frontQuery: true as const } : {};
      app.get(
        pattern.path,
        { config: { access: 'public', maintenance: 'open', ...frontQuery }, schema: { hide: true } },
        async (request, reply) => {
          const canonical = known.canonical(request.raw.url ?? request.url);
          if (redirected(request, reply, canonical)) return reply;
          return pattern.ssr && renderer
            ? paint(request, reply, renderer, template, canonical ?? request.url)
            : shell(reply, template);
        },
      );
    }
  }

  /**
   * `/events/{slug}`: the event's page, painted and cached under that one address (a slug in
   * capitals or with a query is sent there by a 308); a former slug answers 308 to the event's
   * current page; an unknown slug is the 404 page. The head carries the event's own tags.
   */
  async function eventPage(request: FastifyRequest, reply: FastifyReply, renderer: Renderer, template: PageTemplate) {
    const address = eventPageAddress(request.raw.url ?? request.url);
    if (address === null) return paint(request, reply, renderer, template, null);
    if (address.redirect) {
      reply.header('cache-control', 'no-cache').redirect(address.path, 308);
      return reply;
    }
    const key = `page:open:${address.path}`;
    // cached: the slug was current when painted (a rename drops the cache)
    if (!isCachedOrLoading(ctx, key)) {
      const current = await currentSlug(ctx, address.slug);
      if (current === null) return paint(request, reply, renderer, template, null);
      if (current !== address.slug) {
        reply.header('cache-control', 'no-cache').redirect(`/events/${current}`, 308);
        return reply;
      }
    }
    return paint(request, reply, renderer, template, address.path, () => eventPageMeta(ctx, site, address.slug));
  }

  // another spelling of a page is sent on to it (a 308, cheap), never refused by this limit
  const pageSpelling = (request: FastifyRequest) =>
    request.method === 'GET' &&
    (addresses?.canonical(request.raw.url ?? request.url) != null ||
      eventPageAddress(request.raw.url ?? request.url) !== null);
  const limit = limitPerAddress(ctx, { bucket: 'not-found', perMinute: 120, skip: pageSpelling });
  app.setNotFoundHandler({ preHandler: limit }, (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // a missing file (an old build's script, a .map) is a plain 404, never a page in its place
    const file = path.startsWith('/assets/') || /\.\w{1,8}$/.test(path);
    if (path.startsWith('/api') || request.method !== 'GET' || !pages || file) {
      const shown = path.length > 200 ? `${path.slice(0, 200)}…` : path;
      return reply.status(404).send(AppError.notFound(`No route for ${request.method} ${shown}`).toJSON());
    }
    const eventAddress = eventPageAddress(request.raw.url ?? request.url);
    const canonical = addresses?.canonical(request.raw.url ?? request.url) ?? eventAddress?.path ?? null;
    if (redirected(request, reply, canonical)) return reply;
    const { renderer, template } = pages;
    return renderer ? paint(request, reply, renderer, template, null) : shell(reply, template, 404);
  });
}
