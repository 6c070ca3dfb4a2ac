import { asc, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { events } from '../db/schema.ts';
import { sendCachedAnswer } from '../plugins/public-cache.ts';
import { absoluteUrl, escapeHtml, type Site } from './head.ts';

/**
 * The files a browser, a phone's home screen and a search engine ask a site for (issue 26):
 * /robots.txt, /sitemap.xml (the public pages and every event not cancelled, from the database,
 * absolute from PUBLIC_URL) and /manifest.webmanifest. The icons they name are static files
 * (src/web/public, made by scripts/make-icons.mjs). Public reads, open during maintenance, cached
 * like the API's public reads (dropped on every admin write).
 */

/** The public pages a search engine may list (the painted pages of src/web/app/routes.tsx). */
export const SITEMAP_PAGES = [
  '/',
  '/about',
  '/booking',
  '/schools',
  '/slopes',
  '/safeguarding',
  '/contact',
  '/policies',
  '/governance',
  '/results',
] as const;

/** Pages no search engine should list: behind a login, or one visitor's moment. */
const DISALLOWED = [
  '/api/',
  '/admin',
  '/profile',
  '/checkout',
  '/payment',
  '/booking/success',
  '/booking/error',
  '/reset-password/',
  '/waiting-list/',
];

export function robotsTxt(site: Site): string {
  return [
    'User-agent: *',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${absoluteUrl(site, '/sitemap.xml')}`,
    '',
  ].join('\n');
}

export function sitemapXml(site: Site, eventPages: { slug: string; updatedAt: Date }[]): string {
  const url = (loc: string, lastmod?: Date) =>
    `<url><loc>${escapeHtml(absoluteUrl(site, loc))}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...SITEMAP_PAGES.map((path) => url(path)),
    ...eventPages.map((event) => url(`/events/${event.slug}`, event.updatedAt)),
    '</urlset>',
    '',
  ].join('\n');
}

export function webManifest(site: Site, shortName: string): string {
  return JSON.stringify({
    name: site.siteName,
    short_name: shortName,
    description: 'Races, results and entries for the regional ski and snowboard race association.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#1c6dd0',
    lang: 'en-GB',
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml' },
    ],
  });
}

export function registerSiteFiles(app: FastifyInstance, ctx: AppContext, site: Site): void {
  const open = { config: { access: 'public' as const, maintenance: 'open' as const }, schema: { hide: true } };
  app.get('/robots.txt', open, (request, reply) =>
    sendCachedAnswer(ctx, request, reply, 'site:robots', async () => ({
      body: robotsTxt(site),
      contentType: 'text/plain; charset=utf-8',
      expiresAt: null,
    })),
  );
  app.get('/sitemap.xml', open, (request, reply) =>
    sendCachedAnswer(ctx, request, reply, 'site:sitemap', async () => {
      const rows = await ctx.db
        .select({ slug: events.slug, updatedAt: events.updatedAt })
        .from(events)
        .where(isNull(events.cancelledAt))
        .orderBy(asc(events.date), asc(events.id));
      return { body: sitemapXml(site, rows), contentType: 'application/xml; charset=utf-8', expiresAt: null };
    }),
  );
  app.get('/manifest.webmanifest', open, (request, reply) =>
    sendCachedAnswer(ctx, request, reply, 'site:manifest', async () => ({
      body: webManifest(site, ctx.config.association.code),
      contentType: 'application/manifest+json; charset=utf-8',
      expiresAt: null,
    })),
  );
}
