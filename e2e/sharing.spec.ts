import { expect, test } from './fixtures.ts';

/** The files browsers, phones and search engines ask for (issue 26): each answers 200 with its type. */

test('robots.txt, sitemap.xml, favicon, manifest and icons answer with the right types', async ({ request, page }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toBe('text/plain; charset=utf-8');
  expect(await robots.text()).toMatch(/^Sitemap: https?:\/\/.+\/sitemap\.xml$/m);

  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()['content-type']).toBe('application/xml; charset=utf-8');
  const body = await sitemap.text();
  expect(body).toMatch(/<loc>https?:\/\/[^<]+\/booking<\/loc>/);
  expect(body).toMatch(/<loc>https?:\/\/[^<]+\/events\/hemel-open-slalom-\d{4}<\/loc>/);

  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.status()).toBe(200);
  expect(manifest.headers()['content-type']).toBe('application/manifest+json; charset=utf-8');
  const icons = (await manifest.json()).icons as { src: string; type: string }[];
  for (const icon of icons) {
    const res = await request.get(icon.src);
    expect(res.status(), icon.src).toBe(200);
    expect(res.headers()['content-type'], icon.src).toContain(icon.type);
  }

  for (const [path, type] of [
    ['/favicon.ico', 'image/'],
    ['/apple-touch-icon.png', 'image/png'],
    ['/icon-192.png', 'image/png'],
    ['/icon-512.png', 'image/png'],
  ] as const) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expect(res.headers()['content-type'], path).toContain(type);
  }

  // every page's head links them
  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/apple-touch-icon.png');
  await expect(page.locator('meta[property="og:site_name"]')).toHaveAttribute('content', /.+/);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', /^https?:\/\/[^/]+\/$/);
});

test("an event page's head gives previews a 1200 × 630 picture and search engines the slope's address", async ({
  page,
}) => {
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  const slug = /\/events\/(hemel-open-slalom-\d{4})</.exec(sitemap)?.[1];
  await page.goto(`/events/${slug}`);
  await expect(page.locator('meta[property="og:image:width"]')).toHaveAttribute('content', '1200');
  await expect(page.locator('meta[property="og:image:height"]')).toHaveAttribute('content', '630');
  await expect(page.locator('meta[property="og:image:alt"]')).toHaveAttribute(
    'content',
    /^Hemel Open Slalom, Saturday \d+\w\w \w+ \d{4}$/,
  );
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(ld.location.address).toEqual({
    '@type': 'PostalAddress',
    streetAddress: 'St Albans Hill',
    addressLocality: 'Hemel Hempstead',
    postalCode: 'HP3 9NH',
    addressCountry: 'GB',
  });
  expect(ld.endDate).toMatch(/^\d{4}-\d\d-\d\d$/);
  const share = await page.locator('meta[property="og:image"]').getAttribute('content');
  expect(ld.image[0]).toEqual({ '@type': 'ImageObject', url: share, width: 1200, height: 630 });
  // the picture loads, at its size
  const size = await page.evaluate(async (src) => {
    const img = new Image();
    img.src = src ?? '';
    await img.decode();
    return [img.naturalWidth, img.naturalHeight];
  }, share);
  expect(size).toEqual([1200, 630]);
});
