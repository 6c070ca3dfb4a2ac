import type { Page } from '@playwright/test';
import { apiToken, DEMO, expect, logInWithModal, setMaintenance, test } from './fixtures.ts';

/**
 * Public pages arrive painted by the server (HTML with their content, title and description) and
 * hydrate in the browser without a hydration error; a change an administrator makes shows in the
 * next painted page; an unknown address is a real 404.
 */

const PUBLIC_PAGES = [
  ['/', 'Home'],
  ['/about', 'About'],
  ['/booking', 'Booking'],
  ['/schools', 'Schools'],
  ['/slopes', 'Clubs'],
  ['/safeguarding', 'Safeguarding'],
  ['/contact', 'Contact'],
  ['/governance', 'Governance'],
  ['/policies', 'Policies'],
  ['/results', 'Results'],
] as const;

/** Console errors and warnings, and uncaught errors, from now on. */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

test('/ and /booking arrive with their events in the HTML, titled and described', async ({ request }) => {
  const upcoming = (await (await request.get('/api/v1/latest-products/')).json()) as { name: string }[];
  const home = await request.get('/');
  expect(home.status()).toBe(200);
  const homeHtml = await home.text();
  expect(upcoming.length).toBeGreaterThan(0);
  for (const event of upcoming) expect(homeHtml).toContain(event.name);
  expect(homeHtml).toContain('<title>Home · ERSA</title>');

  const booking = await request.get('/booking');
  const html = await booking.text();
  expect(booking.headers()['content-type']).toContain('text/html');
  for (const name of ['Hemel Open Slalom', 'Norfolk Fun Race', 'Essex Open Giant Slalom', 'London Snowsports Show']) {
    expect(html).toContain(name);
  }
  expect(html).toContain('<title>Booking · ERSA</title>');
  expect(html).toMatch(/<meta name="description" content="Enter a race[^"]*"/);
  // the data comes with the page, in a JSON script (no inline code: the CSP allows none)
  expect(html).toMatch(/<script type="application\/json" id="piste-state">/);
  expect(booking.headers()['content-security-policy']).toContain("script-src 'self'");
  // the first card's picture is asked for at once, before the scripts (which come after the
  // content); the others when scrolled near (decision 0044)
  const pictures = [...html.matchAll(/<img [^>]*class="[^"]*picture[^"]*"[^>]*>/g)].map((m) => m[0]);
  expect(pictures.length).toBeGreaterThan(3);
  expect(pictures[0]).toMatch(/loading="eager"[^>]*fetchpriority="high"/i);
  expect(pictures.slice(1).every((img) => /loading="lazy"/.test(img) && !/fetchpriority/i.test(img))).toBe(true);
  expect(html.indexOf('<script type="module"')).toBeGreaterThan(html.lastIndexOf('<img '));
});

test('every script a painted page links is cached by the browser for good', async ({ request }) => {
  for (const path of ['/', '/contact']) {
    const html = await (await request.get(path)).text();
    const scripts = [
      ...html.matchAll(/<script type="module"[^>]*src="([^"]+)"/g),
      ...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g),
    ].map((m) => m[1] as string);
    expect(scripts.length, path).toBeGreaterThan(5);
    for (const script of scripts) {
      const res = await request.get(script);
      expect(res.status(), script).toBe(200);
      expect(res.headers()['cache-control'], script).toBe('public, max-age=31536000, immutable');
    }
  }
});

test('every public page hydrates without an error in the console, at desk and phone widths', async ({ page }) => {
  const problems = consoleProblems(page);
  // the CSP's refusals too (zod's eval probe on form pages was one: caught by zod, reported by the browser)
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP refused ${event.violatedDirective} at ${event.sourceFile}:${event.lineNumber}`),
    ),
  );
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    for (const [path, title] of PUBLIC_PAGES) {
      await page.goto(path);
      await expect(page).toHaveTitle(`${title} · ERSA`);
      // hydrated: the app answers a click (the account modal opens)
      const logIn = page.getByRole('button', { name: 'Log In' }).first();
      if (width === 1280) {
        await logIn.click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toBeHidden();
      }
      expect(problems, `${path} at ${width} px`).toEqual([]);
    }
  }
});

test('a painted page is shown whole: its first paint waits for the end of its HTML', async ({ request }) => {
  // on a slow connection a browser paints what has arrived; the footer would paint empty, then grow
  for (const [path] of [...PUBLIC_PAGES, ['/no-such-page']] as const) {
    const html = await (await request.get(path)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head, path).toContain('<link rel="expect" href="#root-end" blocking="render"');
    const root = html.indexOf('<div id="root">');
    const footer = html.indexOf('<footer');
    const end = html.indexOf('<div id="root-end"');
    expect(root, path).toBeGreaterThan(0);
    expect(end, path).toBeGreaterThan(Math.max(root, footer));
  }
});

/** One test per page and width (a slow phone, or a desk for two): each alone takes a few seconds
 * under the throttling, well within its timeout on a busy machine. */
const SHIFT_VISITS: [string, number][] = [
  ...PUBLIC_PAGES.map(([path]) => [path, 375] as [string, number]),
  ['/', 1280],
  ['/booking', 1280],
];
for (const [path, width] of SHIFT_VISITS) {
  test(`${path} at ${width} px does not move while it loads and hydrates (layout shift ≤ 0.02)`, async ({
    page,
    context,
  }) => {
    // a slow phone: the page's scripts and styles arrive well after its HTML
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      type Shift = PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      };
      const w = window as unknown as { __shift: number; __shifts: string[] };
      w.__shift = 0;
      w.__shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Shift[]) {
          if (entry.hadRecentInput) continue;
          w.__shift += entry.value;
          // what moved, for the failure message: element, and its box before and after
          const moved = entry.sources.map((s) => {
            const el = s.node as Element | undefined;
            return `${el?.tagName ?? '?'}.${String(el?.className ?? '').slice(0, 60)} y ${Math.round(s.previousRect.y)}→${Math.round(s.currentRect.y)} h ${Math.round(s.previousRect.height)}→${Math.round(s.currentRect.height)}`;
          });
          w.__shifts.push(`${Math.round(entry.startTime)} ms ${entry.value.toFixed(3)}: ${moved.join('; ')}`);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.setViewportSize({ width, height: 800 });
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const { shift, shifts } = await page.evaluate(() => {
      const w = window as unknown as { __shift: number; __shifts: string[] };
      return { shift: w.__shift, shifts: w.__shifts };
    });
    expect(shift, `${path} at ${width} px moved: ${shifts.join(' | ')}`).toBeLessThanOrEqual(0.02);
  });
}

test('every Mantine component a painted page shows is styled by the stylesheets the page links', async ({
  request,
}) => {
  // the first paint carries Mantine's styles for the public pages only (app/first-paint-styles.ts)
  for (const [path] of [...PUBLIC_PAGES, ['/maintenance'], ['/no-such-page']] as const) {
    const html = await (await request.get(path)).text();
    const sheets = [...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1] as string);
    const css = (await Promise.all(sheets.map(async (href) => (await request.get(href)).text()))).join('\n');
    const classes = new Set([...html.matchAll(/\bm_[0-9a-f]{8}\b/g)].map((m) => m[0]));
    expect(classes.size, path).toBeGreaterThan(5);
    const unstyled = [...classes].filter((c) => !css.includes(`.${c}`));
    expect(unstyled, `${path}: Mantine classes without their styles`).toEqual([]);
  }
});

/** The API reads the browser makes while /booking loads and hydrates (the maintenance status,
 * which the guard asks for on every navigation, aside). */
async function readsWhileBookingLoads(page: Page): Promise<string[]> {
  const reads: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/v1/') && !req.url().includes('/maintenance/status/')) reads.push(req.url());
  });
  await page.goto('/booking');
  await expect(page.getByRole('article', { name: 'Hemel Open Slalom' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  return reads;
}

test('the browser does not fetch again what the page arrived with', async ({ page }) => {
  expect(await readsWhileBookingLoads(page)).toEqual([]);
});

test('a page painted minutes ago is not fetched again either', async ({ page, request }) => {
  // the server paints /booking now and keeps it; the visitor's browser arrives ten minutes later
  await request.get('/booking');
  await page.clock.install({ time: new Date(Date.now() + 10 * 60_000) });
  expect(await readsWhileBookingLoads(page)).toEqual([]);
});

test('an administrator’s change shows in the next painted page', async ({ request }) => {
  const headers = { authorization: `Bearer ${await apiToken(request, DEMO.admin)}` };
  const question = `Is the painted page fresh ${Date.now()}?`;
  expect(await (await request.get('/contact')).text()).not.toContain(question);
  const created = await request.post('/api/v1/faqs/create/', { headers, data: { question, answer: 'Yes.' } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  try {
    expect(await (await request.get('/contact')).text()).toContain(question);
  } finally {
    await request.delete(`/api/v1/faqs/delete/${id}/`, { headers });
  }
  expect(await (await request.get('/contact')).text()).not.toContain(question);
});

test('an unknown address answers 404 with the painted 404 page', async ({ request, page }) => {
  const res = await request.get('/no-such-page');
  expect(res.status()).toBe(404);
  const html = await res.text();
  expect(html).toContain('404 - Page Not Found');
  expect(html).toContain('<title>Page Not Found · ERSA</title>');
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: '404 - Page Not Found' })).toBeVisible();
});

test('page loads are not rate-limited like unknown addresses', async ({ request }) => {
  const statuses = new Set<number>();
  for (let i = 0; i < 130; i++) statuses.add((await request.get('/booking')).status());
  expect([...statuses]).toEqual([200]);
});

test('during maintenance the painted page is the gate; a super administrator’s browser then shows the site', async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  const problems = consoleProblems(page);
  await page.goto('/');
  await logInWithModal(page, DEMO.superAdmin);
  await setMaintenance(request, true);
  // a visitor without cookies (`request` holds the super administrator's session since
  // setMaintenance signed in with it)
  const visitor = await playwright.request.newContext({ baseURL });
  try {
    const painted = await visitor.get('/booking');
    expect(painted.status()).toBe(503);
    const html = await painted.text();
    expect(html).toContain('Site Under Maintenance');
    expect(html).not.toContain('Hemel Open Slalom');
    // a browser holding a session gets the plain shell, painted by the browser once it has read
    // the status with its token (issue 24: never the maintenance page first for a super administrator)
    const shell = await request.get('/booking');
    expect(shell.status()).toBe(503);
    expect(await shell.text()).not.toContain('Site Under Maintenance');

    // the super administrator's tab holds a token: after hydration it shows the site
    await page.goto('/booking');
    await expect(page).toHaveURL(/\/booking$/);
    await expect(page.getByRole('article', { name: 'Hemel Open Slalom' })).toBeVisible();
    expect(problems.filter((p) => !/status of 503/.test(p))).toEqual([]);
  } finally {
    await visitor.dispose();
    await setMaintenance(request, false);
  }
});
