import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_HINT_COOKIE } from '../accounts/sessions.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { isMaintenanceEnabled } from '../maintenance/service.ts';
import { sendCachedAnswer, sendOnceCompressed } from '../plugins/public-cache.ts';
import { loadRenderer, loadTemplate, type PageTemplate, type Renderer } from './renderer.ts';

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

  /** Paints `request.url`; the address without a query is cached, an unknown one never. During
   * maintenance a browser that holds a session (the hint cookie) gets the plain shell instead of
   * the painted maintenance view, never kept: it may be a super administrator's, whose browser
   * reads the status with its token and paints the page itself (or the maintenance view). */
  async function paint(request: FastifyRequest, reply: FastifyReply, renderer: Renderer, template: PageTemplate) {
    const maintenance = await isMaintenanceEnabled(ctx);
    if (maintenance && !request.is404 && holdsSession(request)) return shell(reply, template, 503);
    const load = async () => {
      const page = await renderer.render(request.url, { maintenance, now: ctx.now() });
      if (page.complete === false)
        request.log.warn({ url: request.url, failedReads: page.failedReads ?? [] }, 'page painted with a failed read');
      return {
        body: template.fill(page),
        contentType: HTML,
        status: page.status,
        expiresAt: page.expiresAt,
        // a read that failed while painting (maintenance switched on mid-way, a database hiccup)
        // would stay in the cached page until the next write: send it this once only
        keep: page.complete !== false,
      };
    };
    const [path, query] = request.url.split('?');
    if (request.is404 || query !== undefined) {
      const answer = await load();
      return sendOnceCompressed(
        request,
        reply.status(answer.status).type(HTML).header('cache-control', 'no-cache'),
        answer.body,
      );
    }
    return sendCachedAnswer(ctx, request, reply, `page:${maintenance ? 'maintenance' : 'open'}:${path}`, load);
  }

  if (pages) {
    const { renderer, template } = pages;
    for (const pattern of renderer?.pagePatterns() ?? []) {
      app.get(
        pattern.path,
        { config: { access: 'public', maintenance: 'open' }, schema: { hide: true } },
        (request, reply) =>
          pattern.ssr && renderer ? paint(request, reply, renderer, template) : shell(reply, template),
      );
    }
  }

  app.setNotFoundHandler({ preHandler: app.rateLimit({ max: 120, timeWindow: '1 minute' }) }, (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // a missing file (an old build's script, a .map) is a plain 404, never a page in its place
    const file = path.startsWith('/assets/') || /\.\w{1,8}$/.test(path);
    if (path.startsWith('/api') || request.method !== 'GET' || !pages || file) {
      const shown = path.length > 200 ? `${path.slice(0, 200)}…` : path;
      return reply.status(404).send(AppError.notFound(`No route for ${request.method} ${shown}`).toJSON());
    }
    const { renderer, template } = pages;
    return renderer ? paint(request, reply, renderer, template) : shell(reply, template, 404);
  });
}
