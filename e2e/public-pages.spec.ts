import type { APIRequestContext, Page } from '@playwright/test';
import { apiToken, DEMO, expect, test } from './fixtures.ts';

/**
 * The public pages of doc 1 §2, each rendered from the demo seed (src/server/seed/seed-events.ts and
 * seed-content.ts). The seed places its events around London today, so the sections are stable:
 * Hemel Open Slalom and Norfolk Fun Race (FREE) are open, Essex Open Giant Slalom has closed,
 * Welwyn Parallel Slalom and MK Snowboard Slalom open later, Brentwood Club Slalom is past, the
 * London Snowsports Show is the one other event and the Schools Championship is a school event.
 */

const LONG_DATE = /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) \d{1,2}(st|nd|rd|th) [A-Z][a-z]+ \d{4}$/;
const SHORT_DATE = /^\d{2}\/\d{2}\/\d{4}$/;
/** Dates come in both forms and CSS shows one: compare what is rendered (innerText), not the markup. */
const SHOWN = { useInnerText: true } as const;

/** Renames an organisation document through the admin API for the length of `work`, then back:
 * the pages are painted on the server, so what they show comes from the real data. */
async function withDocumentRenamed(request: APIRequestContext, from: string, to: string, work: () => Promise<void>) {
  const headers = { authorization: `Bearer ${await apiToken(request, DEMO.admin)}` };
  const documents = (await (await request.get('/api/v1/organization-documents/')).json()) as {
    id: number;
    name: string;
  }[];
  const doc = documents.find((d) => d.name === from);
  if (!doc) throw new Error(`no document named ${from}`);
  const rename = async (name: string) => {
    const res = await request.put(`/api/v1/organization-documents/update/${doc.id}/`, { headers, multipart: { name } });
    expect(res.status(), await res.text()).toBe(200);
  };
  await rename(to);
  try {
    await work();
  } finally {
    await rename(from);
  }
}

/** Opens `from`, then moves to `to` inside the app, as a click on a link would: the browser then
 * reads the page's data itself (a painted page arrives with the server's), so a test can alter
 * those reads on their way in. */
async function navigateInBrowser(page: Page, from: string, to: string) {
  await page.goto(from);
  await page.evaluate((path) => {
    history.pushState({}, '', path);
    dispatchEvent(new PopStateEvent('popstate'));
  }, to);
  await expect(page).toHaveURL(new RegExp(`${to}$`));
}

function card(page: Page, name: string) {
  return page.getByRole('article', { name });
}

function section(page: Page, title: string) {
  return page.getByRole('region', { name: title });
}

test('home shows the hero, the intro, upcoming events, a way to get in touch and the sponsors', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Eastern Region Snowsports Association' })).toBeVisible();
  await expect(page.getByText(/We bring the region's ski race clubs together/)).toBeVisible();

  const upcoming = section(page, 'Upcoming Events');
  await expect(upcoming.getByRole('article')).not.toHaveCount(0);
  await expect(upcoming.getByRole('article', { name: 'Hemel Open Slalom' })).toBeVisible();
  // the past race is not upcoming
  await expect(upcoming.getByRole('article', { name: 'Brentwood Club Slalom' })).toHaveCount(0);
  await expect(upcoming.getByRole('link', { name: 'View All Races' })).toHaveAttribute('href', '/booking');

  await expect(section(page, 'Stay in touch').getByRole('link', { name: 'office@ersa.example' })).toHaveAttribute(
    'href',
    'mailto:office@ersa.example',
  );
  await expect(section(page, 'Our sponsors').getByRole('link', { name: 'Become a sponsor' })).toHaveAttribute(
    'href',
    '/contact',
  );
  // social links and sponsors come from configuration (playwright.config.ts sets them)
  const follow = page.getByRole('list', { name: 'Follow us' });
  await expect(follow.getByRole('link', { name: 'Facebook' })).toHaveAttribute('href', 'https://facebook.example/ersa');
  await expect(follow.getByRole('link', { name: 'Instagram' })).toHaveAttribute('target', '_blank');
  await expect(
    page.getByRole('list', { name: 'Sponsors' }).getByRole('link', { name: 'Alpine Ski Shop' }),
  ).toHaveAttribute('href', 'https://alpine-ski-shop.example');

  await page.getByRole('link', { name: 'Race with Us!' }).click();
  await expect(page).toHaveURL(/\/booking$/);
  await expect(page.getByRole('heading', { name: 'Book Your Race Now' })).toBeVisible();
});

test('the upcoming events sit three across on a desk, two on a tablet and one above the other on a phone', async ({
  page,
}) => {
  for (const [width, across] of [
    [1280, 3],
    [800, 2],
    [390, 1],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    const cards = section(page, 'Upcoming Events').getByRole('article');
    await expect(cards).not.toHaveCount(0);
    const tops = await cards.evaluateAll((all) => all.slice(0, 4).map((card) => card.getBoundingClientRect().top));
    const firstRow = tops.filter((top) => Math.abs(top - (tops[0] ?? 0)) < 1).length;
    expect(firstRow, `${width} px`).toBe(Math.min(across, tops.length));
  }
});

test('booking puts each seeded event in its section with its status and price', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/booking');

  const now = section(page, 'Book Your Race Now');
  const hemel = now.getByRole('article', { name: 'Hemel Open Slalom' });
  await expect(hemel.getByTestId('event-status')).toHaveText(
    /^Closing \d{1,2}(st|nd|rd|th) [A-Z][a-z]+ \d{4} at 18:00 UK time$/,
    SHOWN,
  );
  await expect(hemel.getByTestId('event-price')).toHaveText('£25.00');
  await expect(hemel.getByTestId('event-date')).toHaveText(LONG_DATE, SHOWN);
  await expect(hemel.getByRole('button', { name: 'Enter' })).toBeVisible();

  const free = now.getByRole('article', { name: 'Norfolk Fun Race' });
  await expect(free.getByTestId('event-price')).toHaveText('FREE');
  await expect(free.getByRole('button', { name: 'Book' })).toBeVisible();

  const closed = section(page, 'Happening Soon').getByRole('article', { name: 'Essex Open Giant Slalom' });
  await expect(closed.getByTestId('event-status')).toHaveText('Entry Closed');
  await expect(closed.getByRole('button', { name: /Enter|Book/ })).toHaveCount(0);

  const soon = section(page, 'Coming Soon').getByRole('article', { name: 'Welwyn Parallel Slalom' });
  await expect(soon.getByTestId('event-status')).toHaveText(
    /^Opening \d{1,2}(st|nd|rd|th) [A-Z][a-z]+ \d{4} at 19:00 UK time$/,
    SHOWN,
  );

  // Other Events holds events run by others only: the association's AGM is not an event
  const other = section(page, 'Other Events');
  await expect(other.getByRole('article', { name: 'London Snowsports Show' }).getByTestId('event-banner')).toHaveText(
    'Come and say hello at our stand!',
  );
  await expect(other.getByRole('article')).toHaveCount(1);

  // past events and school events are not on this page
  await expect(card(page, 'Brentwood Club Slalom')).toHaveCount(0);
  await expect(card(page, 'Schools Championship')).toHaveCount(0);

  // an anonymous visitor who tries to enter is asked to log in
  await hemel.getByRole('button', { name: 'Enter' }).click();
  await expect(page.getByRole('dialog', { name: 'Log In' })).toBeVisible();
});

test('dates are DD/MM/YYYY on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/booking');
  const hemel = card(page, 'Hemel Open Slalom');
  await expect(hemel.getByTestId('event-date')).toHaveText(SHORT_DATE, SHOWN);
  await expect(hemel.getByTestId('event-status')).toHaveText(/^Closing \d{2}\/\d{2}\/\d{4} at 18:00 UK time$/, SHOWN);
});

test('a card flips to its web address and document tabs, and a document opens in a new tab', async ({ page }) => {
  await page.goto('/booking');
  const hemel = card(page, 'Hemel Open Slalom');
  const flip = hemel.getByRole('button', { name: 'Details of Hemel Open Slalom' });
  await expect(flip).toHaveAttribute('aria-pressed', 'false');
  await flip.press('Enter');
  await expect(flip).toHaveAttribute('aria-pressed', 'true');
  // the front is inert now: its Enter button is out of reach
  await expect(hemel.getByRole('button', { name: 'Enter' })).toHaveCount(0);

  await expect(hemel.getByRole('link', { name: 'https://www.snowcentre-hemel.example' })).toHaveAttribute(
    'target',
    '_blank',
  );
  const tabs = hemel.getByRole('tablist', { name: 'Documents for Hemel Open Slalom' });
  await expect(tabs.getByRole('tab')).toHaveText(['Race Day Timetable', 'Entry Information']);
  await tabs.getByRole('tab', { name: 'Entry Information' }).click();
  const link = hemel.getByRole('link', { name: 'Open Entry Information' });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('href', /^\/media\//);

  // the document downloads from a new tab with its original name
  const href = (await link.getAttribute('href')) ?? '';
  const popup = page.waitForEvent('popup');
  await link.click();
  await (await popup).close();
  const file = await page.request.get(href);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-disposition']).toContain('entry-information.txt');

  // flipping back restores the front
  await flip.click();
  await expect(hemel.getByRole('button', { name: 'Enter' })).toBeVisible();

  // for visitors who prefer reduced motion the card turns without animation
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const inner = hemel.locator('[data-flipped]');
  await flip.click();
  await expect(inner).toHaveCSS('transition-duration', '0s');
  await flip.click();

  // an event without documents says so on its back
  const norfolk = card(page, 'Norfolk Fun Race');
  await norfolk.getByRole('button', { name: 'Details of Norfolk Fun Race' }).click();
  await expect(norfolk.getByTestId('no-documents')).toHaveText(
    'Documents for this event will be available here soon — please check back later.',
  );
});

test('a full event shows a disabled Event Full button with its tooltip, and a cancelled one a badge', async ({
  page,
}) => {
  // the seed has neither a full nor a cancelled event, so the list is altered on its way in
  await page.route('**/api/v1/products/', async (route) => {
    const response = await route.fetch();
    const events = (await response.json()) as {
      name: string;
      quantity: number;
      booked_quantity: number;
      is_full: boolean;
      is_cancelled: boolean;
    }[];
    for (const e of events) {
      if (e.name === 'Hemel Open Slalom') Object.assign(e, { booked_quantity: e.quantity, is_full: true });
      if (e.name === 'Norfolk Fun Race') e.is_cancelled = true;
    }
    await route.fulfill({ response, json: events });
  });
  await navigateInBrowser(page, '/', '/booking');
  const full = card(page, 'Hemel Open Slalom').getByRole('button', { name: 'Event Full' });
  await expect(full).toHaveAttribute('aria-disabled', 'true');
  await full.hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    'Event is full. Please check back as spaces may become available if participants drop out.',
  );
  const cancelled = card(page, 'Norfolk Fun Race');
  await expect(cancelled.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(cancelled.getByRole('button', { name: 'Book' })).toHaveCount(0);
});

test('booking with no events shows No Events Available and a way home', async ({ page }) => {
  await page.route('**/api/v1/products/', (route) => route.fulfill({ json: [] }));
  await navigateInBrowser(page, '/', '/booking');
  await expect(page.getByRole('heading', { name: 'No Events Available' })).toBeVisible();
  await page.getByRole('link', { name: 'Go back to home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('about shows the mission, the start-racing call, the team and testimonials', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { name: 'Our mission' })).toBeVisible();
  await expect(page.getByText(/make ski and snowboard racing open, fair and fun/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Find a race' })).toHaveAttribute('href', '/booking');
  const team = page.locator('#team');
  await expect(team.getByRole('heading', { name: 'Meet Our Team' })).toBeVisible();
  await expect(team.getByTestId('team-member')).toHaveCount(4);
  await expect(team.getByRole('heading', { name: 'Helen Marsh' })).toBeVisible();
  // each member has a portrait of their own
  await expect(team.getByRole('img', { name: 'Helen Marsh' })).toHaveAttribute('src', /^\/media\/.+\.png$/);
  await expect(team.getByRole('img')).toHaveCount(4);
  await expect(team.getByText('Welfare and Safeguarding Officer')).toBeVisible();
  await expect(page.getByText('— Sophie, U12 racer')).toBeVisible();
});

test('schools shows the entry fees and the school events', async ({ page }) => {
  await page.goto('/schools');
  await expect(page.getByText('Team entry: £70 per team of 3 or 4 racers from the same school.')).toBeVisible();
  await expect(page.getByText(/Individual entry: £21 per racer/)).toBeVisible();
  await expect(page.getByText(/Late entries are accepted at the organisers' discretion\./)).toBeVisible();
  await expect(card(page, 'Schools Championship')).toBeVisible();
  await expect(card(page, 'Hemel Open Slalom')).toHaveCount(0);
});

test('slopes lists the seven clubs with every detail', async ({ page }) => {
  await page.goto('/slopes');
  await expect(page.getByTestId('club')).toHaveCount(7);
  const hemel = page.getByRole('article', { name: 'Hemel Ski Race Club' });
  for (const text of ['The Snow Centre', 'St Albans Hill', 'Hemel Hempstead', 'HP3 9NH']) {
    await expect(hemel).toContainText(text);
  }
  // its own picture and map, not a placeholder
  await expect(hemel.getByRole('img', { name: 'The Snow Centre', exact: true })).toHaveAttribute('src', /^\/media\//);
  await expect(hemel.getByRole('img', { name: 'Map of The Snow Centre' })).toHaveAttribute('src', /^\/media\//);
  await expect(page.getByTestId('club').getByRole('img')).toHaveCount(14);
  await expect(hemel.getByRole('link', { name: '01632 960101' })).toHaveAttribute('href', 'tel:01632960101');
  const website = hemel.getByRole('link', { name: 'www.snowcentre-hemel.example' });
  await expect(website).toHaveAttribute('href', 'https://www.snowcentre-hemel.example');
  await expect(website).toHaveAttribute('target', '_blank');
  await expect(hemel.getByRole('link', { name: 'racing@snowcentre-hemel.example' })).toHaveAttribute(
    'href',
    'mailto:racing@snowcentre-hemel.example',
  );
  // the second line of an address shows too
  await expect(page.getByRole('article', { name: 'MK Ski Race Team' })).toContainText('602 Marlborough Gate');
});

test('contact shows the 24-48 hours promise and the FAQs as an accordion', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.getByText('We reply to every message within 24-48 hours.')).toBeVisible();
  const faq = page.locator('#faq');
  await expect(faq.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeVisible();
  const question = faq.getByRole('button', { name: 'What equipment do I need?' });
  const answer = faq.getByRole('region', { name: 'What equipment do I need?' });
  await expect(question).toHaveAttribute('aria-expanded', 'false');
  await expect(answer).toBeHidden();
  await question.click();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await expect(answer).toContainText(/A helmet is compulsory for every run/);
  // from the keyboard too, and it closes again
  await question.press('Enter');
  await expect(question).toHaveAttribute('aria-expanded', 'false');
  await expect(answer).toBeHidden();
});

test('governance shows the paragraph, the downloads line, and its empty and error states', async ({ page }) => {
  await page.goto('/governance');
  await expect(page.getByText(/is a not-for-profit association run by volunteers/)).toBeVisible();
  await expect(page.getByText('Additional governance documents will be available to download here.')).toBeVisible();

  // The server paints the page with the paragraph; the states after a failed read are the
  // browser's, met when it reads the paragraph itself (arriving from another page).
  const viaNavigation = () => navigateInBrowser(page, '/contact', '/governance');
  await page.route('**/api/v1/governance/', (route) =>
    route.fulfill({ status: 404, json: { error: 'No governance information available.' } }),
  );
  await viaNavigation();
  await expect(page.getByText('No governance information available.')).toBeVisible();

  await page.unroute('**/api/v1/governance/');
  await page.route('**/api/v1/governance/', (route) => route.fulfill({ status: 500, json: { error: 'boom' } }));
  await viaNavigation();
  await expect(page.getByRole('alert')).toHaveText('Failed to load governance information');
});

test('policies links each organisation document in a new tab, the Safeguarding Policy the safeguarding page; the footer links every document’s file and the safeguarding page', async ({
  page,
  request,
}) => {
  const documents = (await (await request.get('/api/v1/organization-documents/')).json()) as {
    name: string;
    document: string;
  }[];
  expect(documents.map((d) => d.name).sort()).toEqual(['Code of Conduct', 'Safeguarding Policy']);

  await page.goto('/policies');
  await expect(page.getByRole('heading', { level: 1, name: 'Policies' })).toBeVisible();
  const main = page.getByRole('main');
  const footer = page.getByRole('contentinfo');
  for (const doc of documents) {
    const onPolicies = main.getByRole('link', { name: doc.name });
    if (doc.name === 'Safeguarding Policy') {
      await expect(onPolicies).toHaveAttribute('href', '/safeguarding');
      await expect(onPolicies).not.toHaveAttribute('target', '_blank');
    } else {
      await expect(onPolicies).toHaveAttribute('href', doc.document);
      await expect(onPolicies).toHaveAttribute('target', '_blank');
    }
    // the footer's documents are external links to their files, the Safeguarding Policy's too
    // (docs/decisions/0066)
    const inFooter = footer.getByRole('link', { name: doc.name, exact: true });
    await expect(inFooter).toHaveAttribute('href', doc.document);
    await expect(inFooter).toHaveAttribute('target', '_blank');
  }
  // the safeguarding page keeps its own footer link
  await expect(footer.getByRole('link', { name: 'Safeguarding', exact: true })).toHaveAttribute(
    'href',
    '/safeguarding',
  );

  // the Safeguarding Policy leads to the safeguarding page, which offers the PDF itself
  const policy = documents.find((d) => d.name === 'Safeguarding Policy');
  await main.getByRole('link', { name: 'Safeguarding Policy' }).click();
  await expect(page).toHaveURL(/\/safeguarding$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Safeguarding' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Safeguarding Policy' })).toHaveAttribute('href', policy?.document ?? '');

  // the name must match exactly, case included: another spelling is an ordinary document
  await withDocumentRenamed(request, 'Safeguarding Policy', 'safeguarding policy', async () => {
    await page.goto('/policies');
    await expect(main.getByRole('link', { name: 'safeguarding policy' })).toHaveAttribute(
      'href',
      policy?.document ?? '',
    );
    await expect(footer.getByRole('link', { name: 'safeguarding policy' })).toHaveAttribute(
      'href',
      policy?.document ?? '',
    );
  });

  await page.goto('/policies');
  await main.getByRole('link', { name: 'Go back to home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('safeguarding shows its text and links the Safeguarding Policy document', async ({ page, request }) => {
  const documents = (await (await request.get('/api/v1/organization-documents/')).json()) as {
    name: string;
    document: string;
  }[];
  const policy = documents.find((d) => d.name === 'Safeguarding Policy');
  expect(policy).toBeDefined();

  await page.goto('/safeguarding');
  await expect(page.getByText(/is committed to safeguarding and promoting the welfare/)).toBeVisible();
  const link = page.getByRole('main').getByRole('link', { name: 'Safeguarding Policy' });
  await expect(link).toHaveAttribute('href', policy?.document ?? '');
  await expect(link).toHaveAttribute('target', '_blank');
  const pdf = await request.get(policy?.document ?? '');
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');

  // without a document of exactly that name there is no link
  await withDocumentRenamed(request, 'Safeguarding Policy', 'safeguarding policy', async () => {
    await page.reload();
    await expect(page.getByText(/is committed to safeguarding/)).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: /Safeguarding Policy/i })).toHaveCount(0);
  });
});
