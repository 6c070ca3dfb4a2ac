import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebAutoExtractor from '@marbec/web-auto-extractor';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { events } from '../db/schema.ts';
import type { Product } from '../events/shape.ts';
import { createEvent, mediaKey, NOW, raceFields, sendForm, useEventsApp } from '../events/test-support.ts';
import { signedIn } from '../test/fixtures.ts';
import { bearer } from '../test/helper.ts';

/** A stand-in for the built renderer (the real one is built by `npm run build`; the browser tests
 * use it): it paints the event page from the same public read the real page makes, and answers
 * 404 as the real one does when that read does. */
const RENDERER = `
let transport;
export function configure(t) { transport = t; }
export function pagePatterns() { return [{ path: '/booking', ssr: true }, { path: '/events/:slug', ssr: true }]; }
export async function render(url) {
  if (url === '/booking') return { status: 200, html: '<p>booking</p>', title: 'Booking', description: 'Enter a race.',
    state: '{}', expiresAt: null, modules: [], complete: true };
  const slug = url.split('/')[2];
  const res = await transport('/products/' + slug + '/');
  globalThis.__paints = (globalThis.__paints ?? 0) + 1;
  return { status: res.status === 404 ? 404 : 200, html: res.status === 404 ? '<h1>404 - Page Not Found</h1>' : '<h1>' + res.body.name + '</h1>',
    title: 'Event', description: '', state: '{}', expiresAt: null, modules: [], complete: res.status === 200 };
}
`;

const dist = join(mkdtempSync(join(tmpdir(), 'piste-event-page-')), 'web');
mkdirSync(dist);
mkdirSync(`${dist}-ssr`);
writeFileSync(
  join(dist, 'index.html'),
  '<html><head><meta name="description" content="x"><title>x</title></head><body><div id="root"></div></body></html>',
);
writeFileSync(join(`${dist}-ssr`, 'entry-server.js'), RENDERER);

const t = useEventsApp({ WEB_DIST: dist, PUBLIC_URL: 'https://entries.example.org', PAINT_LIMIT_PER_MINUTE: '0' });
let access: string;
const paints = globalThis as { __paints?: number };

beforeEach(async () => {
  t.clock.set(NOW);
  ({ access } = await signedIn(t.app, 'admin'));
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const meta = (html: string, property: string) =>
  new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)">`).exec(html)?.[1];
/** The share picture's address the page gives for an event with its picture. */
const shareAddress = (event: Product) =>
  `https://entries.example.org/api/v1/products/${event.id}/share.jpg?v=${mediaKey(event.image).split('.')[0]}`;
const rename = async (event: Product, name: string) => {
  const res = await sendForm(t.app, 'PUT', `/api/v1/products/${event.id}/update/`, access, raceFields({ name }));
  expect(res.statusCode).toBe(200);
};

describe('/events/{slug}', () => {
  it('is painted with its name as title, Open Graph, Twitter card, canonical and JSON-LD SportsEvent', async () => {
    const event = await createEvent(t.app, access, raceFields({ start_time: '09:30' }));
    const res = await get(`/events/${event.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    expect(html).toContain('<h1>Club Race</h1>');
    expect(html).toMatch(/<title>Club Race · [A-Z]+<\/title>/);
    expect(meta(html, 'og:title')).toBe('Club Race');
    expect(meta(html, 'og:description')).toBe(
      'Saturday 14th February 2026 at 09:30 UK time, Hemel Snow Centre · £25.00',
    );
    expect(meta(html, 'og:url')).toBe('https://entries.example.org/events/club-race-2026');
    const share = shareAddress(event);
    expect(meta(html, 'og:image')).toBe(share);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'twitter:image')).toBe(share);
    expect(html).toContain('<link rel="canonical" href="https://entries.example.org/events/club-race-2026">');
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(ld)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'SportsEvent',
      name: 'Club Race',
      startDate: '2026-02-14T09:30:00+00:00',
      endDate: '2026-02-14',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: { '@type': 'Place', name: 'Hemel Snow Centre' },
      url: 'https://entries.example.org/events/club-race-2026',
      description: 'Saturday 14th February 2026 at 09:30 UK time, Hemel Snow Centre · £25.00',
      organizer: expect.objectContaining({ '@type': 'Organization', url: 'https://entries.example.org/' }),
      image: [
        { '@type': 'ImageObject', url: share, width: 1200, height: 630 },
        `https://entries.example.org${event.image}`,
      ],
      offers: {
        '@type': 'Offer',
        price: '25.00',
        priceCurrency: 'GBP',
        availability: 'https://schema.org/InStock',
        url: 'https://entries.example.org/events/club-race-2026',
        validFrom: '2026-01-10T19:00:00+00:00',
      },
    });
  });

  it('says BST in summer and EventCancelled for a cancelled event', async () => {
    const event = await createEvent(
      t.app,
      access,
      raceFields({ date: '2026-06-14', registration_close: '2026-06-01', start_time: '09:30' }),
    );
    await t.app.inject({ method: 'POST', url: `/api/v1/products/${event.id}/cancel/`, headers: bearer(access) });
    const ld = JSON.parse(
      /<script type="application\/ld\+json">(.*?)<\/script>/.exec((await get(`/events/${event.slug}`)).body)?.[1] ?? '',
    );
    expect(ld.startDate).toBe('2026-06-14T09:30:00+01:00');
    expect(ld.eventStatus).toBe('https://schema.org/EventCancelled');
    // no offer of a place, sold out or not (issue 35)
    expect(ld.offers).toBeUndefined();
  });

  it('escapes an event name that tries to end the JSON-LD script', async () => {
    const event = await createEvent(t.app, access, raceFields({ name: 'Race </script><script>alert(1)</script>' }));
    const html = (await get(`/events/${event.slug}`)).body;
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(ld).not.toContain('<');
    expect(JSON.parse(ld).name).toBe('Race </script><script>alert(1)</script>');
    // (the stand-in renderer writes the name into the body as it is: only the head is the server's)
    expect(html.slice(0, html.indexOf('</head>'))).not.toContain('<script>alert(1)');
    expect(meta(html, 'og:title')).toBe('Race &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('a former slug answers 308 to the current page, along a chain of renames', async () => {
    const event = await createEvent(t.app, access, raceFields({ name: 'Race A' }));
    await rename(event, 'Race B');
    await rename(event, 'Race C');
    for (const former of ['/events/race-a-2026', '/events/race-b-2026']) {
      const res = await get(former);
      expect(res.statusCode, former).toBe(308);
      expect(res.headers.location).toBe('/events/race-c-2026');
    }
    expect((await get('/events/race-c-2026')).statusCode).toBe(200);
  });

  it('another spelling (capitals, trailing slash, query) answers 308 to the one address', async () => {
    await createEvent(t.app, access, raceFields());
    for (const spelling of ['/events/Club-Race-2026', '/events/club-race-2026/', '/events/club-race-2026?ref=x']) {
      const res = await get(spelling);
      expect(res.statusCode, spelling).toBe(308);
      expect(res.headers.location).toBe('/events/club-race-2026');
    }
  });

  it('an unknown or malformed slug is the 404 page (HTML), never cached', async () => {
    for (const path of ['/events/no-such-race-2026', '/events/bad_slug!']) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('404 - Page Not Found');
      expect(res.body).not.toContain('rel="canonical"');
    }
  });

  it('is cached, and painted again after the event changes', async () => {
    const event = await createEvent(t.app, access, raceFields());
    await get(`/events/${event.slug}`);
    const before = paints.__paints ?? 0;
    await get(`/events/${event.slug}`);
    expect(paints.__paints).toBe(before);
    await sendForm(t.app, 'PUT', `/api/v1/products/${event.id}/update/`, access, raceFields({ price: '30.00' }));
    const res = await get(`/events/${event.slug}`);
    expect(paints.__paints).toBe(before + 1);
    expect(meta(res.body, 'og:description')).toContain('£30.00');
  });
});

describe('what search engines and share previews read of an event page', () => {
  const SITE = 'https://entries.example.org';
  const addClub = async (fields: Record<string, string>) => {
    const res = await sendForm(t.app, 'POST', '/api/v1/slope-info/create/', access, {
      race_club_name: 'Hemel Ski Race Club',
      ...fields,
    });
    expect(res.statusCode).toBe(201);
  };
  /** The page as a search engine's structured-data parser reads it. */
  const parsed = async (event: Product) => {
    const page = new WebAutoExtractor().parse((await get(`/events/${event.slug}`)).body);
    return { ld: page.jsonld.SportsEvent?.[0] as Record<string, unknown>, tags: page.metatags };
  };
  const picture = async (address: string) => {
    const res = await get(address.slice(SITE.length));
    expect(res.statusCode, address).toBe(200);
    return { res, size: await sharp(res.rawPayload).metadata() };
  };

  it("gives the slope's postal address from its club's details, the end date and the picture with its size", async () => {
    await addClub({
      slope_name: 'Hemel Snow Centre',
      address_line_1: 'St Albans Hill',
      address_line_2: 'Leverstock Green',
      locality: 'Hemel Hempstead',
      postcode: 'HP3 9NH',
    });
    const event = await createEvent(t.app, access, raceFields({ start_time: '09:30' }));
    const { ld, tags } = await parsed(event);
    expect(ld.location).toEqual({
      '@type': 'Place',
      name: 'Hemel Snow Centre',
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'St Albans Hill, Leverstock Green',
        addressLocality: 'Hemel Hempstead',
        postalCode: 'HP3 9NH',
        addressCountry: 'GB',
      },
    });
    expect(ld.startDate).toBe('2026-02-14T09:30:00+00:00');
    expect(ld.endDate).toBe('2026-02-14');
    const share = shareAddress(event);
    expect(ld.image).toEqual([
      { '@type': 'ImageObject', url: share, width: 1200, height: 630 },
      `${SITE}${event.image}`,
    ]);
    expect(tags['og:image']).toEqual([share]);
    expect(tags['og:image:width']).toEqual(['1200']);
    expect(tags['og:image:height']).toEqual(['630']);
    expect(tags['og:image:alt']).toEqual(['Club Race, Saturday 14th February 2026']);
    expect(tags['twitter:card']).toEqual(['summary_large_image']);
    expect(tags['twitter:image']).toEqual([share]);
    expect(tags['twitter:image:alt']).toEqual(['Club Race, Saturday 14th February 2026']);
  });

  it("the share picture is 1200 × 630, made from the event's picture; an event without one shares the site's", async () => {
    const event = await createEvent(t.app, access, raceFields());
    const first = (await parsed(event)).tags['og:image']?.[0] ?? '';
    const shared = await picture(first);
    expect(shared.res.headers['content-type']).toBe('image/jpeg');
    expect(shared.res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect([shared.size.width, shared.size.height, shared.size.format]).toEqual([1200, 630, 'jpeg']);

    // a picture removed (its stored file deleted): any write through the API drops the cached page
    await t.app.ctx.db.update(events).set({ image: null, imageCard: null }).where(eq(events.id, event.id));
    await t.app.inject({ method: 'POST', url: `/api/v1/products/${event.id}/cancel/`, headers: bearer(access) });
    const { ld, tags } = await parsed(event);
    expect(ld.image).toBeUndefined();
    expect(tags['og:image']).toEqual([`${SITE}/api/v1/products/${event.id}/share.jpg?v=site`]);
    expect(tags['og:image:alt']).toEqual(['Eastern Region Snowsports Association']);
    const site = await picture(tags['og:image']?.[0] ?? '');
    expect([site.size.width, site.size.height, site.size.format]).toEqual([1200, 630, 'jpeg']);
    expect(site.res.headers['cache-control']).toBe('public, max-age=86400');
    // the address shared before answers what the event shares now, asked again at every use
    const before = await picture(first);
    expect([before.size.width, before.res.headers['cache-control']]).toEqual([1200, 'no-cache']);
  });
});

describe('Open Graph on every painted page', () => {
  it('names the page, the site and its canonical address', async () => {
    const html = (await get('/booking')).body;
    expect(meta(html, 'og:title')).toBe('Booking');
    expect(meta(html, 'og:description')).toBe('Enter a race.');
    expect(meta(html, 'og:url')).toBe('https://entries.example.org/booking');
    expect(meta(html, 'og:type')).toBe('website');
    expect(meta(html, 'og:site_name')).toBe('Eastern Region Snowsports Association');
    expect(html).toContain('<link rel="canonical" href="https://entries.example.org/booking">');
  });
});

describe('robots.txt, sitemap.xml and the web manifest', () => {
  it('robots.txt is text, keeps crawlers out of private pages and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toContain('User-agent: *');
    expect(res.body).toContain('Disallow: /admin');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Sitemap: https://entries.example.org/sitemap.xml');
  });

  it('sitemap.xml lists the public pages and every event not cancelled, absolute, from the database', async () => {
    const kept = await createEvent(t.app, access, raceFields({ name: 'Kept Race' }));
    const dropped = await createEvent(t.app, access, raceFields({ name: 'Dropped Race' }));
    await t.app.inject({ method: 'POST', url: `/api/v1/products/${dropped.id}/cancel/`, headers: bearer(access) });
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain('https://entries.example.org/');
    expect(locs).toContain('https://entries.example.org/booking');
    expect(locs).toContain(`https://entries.example.org/events/${kept.slug}`);
    expect(locs).not.toContain(`https://entries.example.org/events/${dropped.slug}`);
    expect(locs.filter((l) => l?.includes('/events/'))).toHaveLength(1);
  });

  it('the manifest is valid JSON with the 192 and 512 px icons', async () => {
    const res = await get('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    const manifest = JSON.parse(res.body);
    expect(manifest).toMatchObject({ start_url: '/', display: 'standalone', theme_color: '#1c6dd0' });
    expect(manifest.name).toBe('Eastern Region Snowsports Association');
    expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(
      expect.arrayContaining(['192x192', '512x512']),
    );
  });
});
