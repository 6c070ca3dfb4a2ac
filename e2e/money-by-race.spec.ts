import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import Papa from 'papaparse';
import { createRaceEvent } from './event-fixtures.ts';
import { apiToken, DEMO, expect, logInWithModal, test, uniqueSurname } from './fixtures.ts';
import { payFor } from './payment-fixtures.ts';
import { registerRacer } from './people-fixtures.ts';

/** The demo card whose refunds the demo provider refuses. */
const REFUSED_CARD = '4000 0000 0000 5126';

const refundsSwitch = async (request: APIRequestContext, enabled: boolean) => {
  const headers = { authorization: `Bearer ${await apiToken(request, DEMO.superAdmin)}` };
  const res = await request.put('/api/v1/admin/refund-settings/', { headers, data: { enabled } });
  expect(res.status()).toBe(200);
};

/**
 * Orders & Payments → Money by race (issue 35, the treasurer's view): three racers pay £10 each for
 * a race; an administrator removes two of them with refunds: one refunded, one refused by the
 * provider (waiting in the queue). The administrator opens Money by race with the keyboard and
 * reads the race's figures at a desk and on a phone, and downloads the treasurer's CSV.
 */
test('an administrator opens Money by race and reads the race’s figures, at a desk and on a phone, and downloads the CSV', async ({
  page,
  request,
}) => {
  const surname = uniqueSurname('Mny');
  const race = `Money Race ${surname}`;
  const { id } = await createRaceEvent(request, { name: race, quantity: 5, price: '10.00' });
  const [ann, bea, cal] = [
    await registerRacer(request, 'Ann', surname),
    await registerRacer(request, 'Bea', surname),
    await registerRacer(request, 'Cal', surname),
  ];
  await payFor(request, id, ann, '10.00');
  await payFor(request, id, bea, '10.00', REFUSED_CARD);
  await payFor(request, id, cal, '10.00');
  const headers = { authorization: `Bearer ${await apiToken(request, DEMO.admin)}` };
  await refundsSwitch(request, true);
  try {
    const booked = (await (await request.get(`/api/v1/products/booked-participants/${id}/`, { headers })).json()) as {
      id: number;
      participant_first_name: string;
    }[];
    for (const first of ['Bea', 'Cal']) {
      const booking = booked.find((b) => b.participant_first_name === first);
      const removed = await request.post(`/api/v1/bookings/${booking?.id}/remove-with-refund/`, { headers });
      expect(removed.status(), await removed.text()).toBe(200);
    }
  } finally {
    await refundsSwitch(request, false);
  }

  const season = new Date().getFullYear();
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/');
  await logInWithModal(page, DEMO.admin);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: 'Orders & Payments' }).click();
  const section = page.getByRole('region', { name: 'Money by race' });
  const show = section.getByRole('button', { name: 'Show money by race' });
  await expect(show).toHaveAttribute('aria-expanded', 'false');
  await show.focus();
  await page.keyboard.press('Enter');
  await expect(section.getByRole('button', { name: 'Hide money by race' })).toHaveAttribute('aria-expanded', 'true');
  await expect(section.getByLabel('Season (payments made in)')).toHaveValue(String(season));

  const table = section.getByRole('table', { name: `Money by race, Season ${season}` });
  const row = table.getByRole('row').filter({ hasText: race });
  await expect(row.getByRole('rowheader')).toContainText(race);
  // Entries paid, Money taken, Refunded (and why), Fees kept, Still owed, On its way, Net
  await expect(row.getByRole('cell')).toHaveText([
    '3',
    '£30.00',
    /^£10\.00\s*Asked for by an administrator: £10\.00$/,
    '£0.00',
    '£10.00',
    '£0.00',
    '£20.00',
  ]);
  await expect(table.getByRole('row').last()).toContainText(`Total, Season ${season}`);
  await expect(section.getByRole('table', { name: `Money by provider, Season ${season}` })).toContainText('Demo');
  const axe = await new AxeBuilder({ page }).include('[data-testid="money-by-race"]').analyze();
  expect(axe.violations).toEqual([]);

  // the treasurer's CSV: the race's row, by provider
  const download = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`money-by-race-${season}.csv`);
  const rows = Papa.parse<string[]>(readFileSync(await file.path(), 'utf8').trim()).data;
  expect(rows[0]?.slice(0, 5)).toEqual(['Race', 'Race date', 'Provider', 'Entries paid', 'Money taken']);
  const header = rows[0] ?? [];
  const mine = rows.find((r) => r[0] === race) ?? [];
  const cell = (name: string) => mine[header.indexOf(name)];
  expect(
    ['Provider', 'Entries paid', 'Money taken', 'Refunded', 'Fees kept', 'Still owed (queue)', 'On its way', 'Net'].map(
      cell,
    ),
  ).toEqual(['demo', '3', '30.00', '10.00', '0.00', '10.00', '0.00', '20.00']);
  expect(cell('Refunded: asked for by an administrator')).toBe('10.00');
  expect(rows.at(-1)?.slice(0, 3)).toEqual(['Total', '', 'all']);

  // on a phone: a card per race, nothing wider than the screen
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(table).toBeHidden();
  const card = section
    .getByRole('list', { name: `Money by race, Season ${season}` })
    .getByRole('listitem')
    .filter({
      hasText: race,
    });
  await expect(card).toBeVisible();
  for (const [label, value] of [
    ['Entries paid', '3'],
    ['Money taken', '£30.00'],
    ['Still owed (queue)', '£10.00'],
    ['On its way', '£0.00'],
    ['Net', '£20.00'],
  ] as const) {
    await expect(
      card.locator('dt', { hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`) }).locator('+ dd'),
    ).toHaveText(value);
  }
  expect(await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0)).toBeLessThanOrEqual(375);
});
