import type { APIRequestContext, Page } from '@playwright/test';
import { createRaceEvent, day, typed } from './event-fixtures.ts';
import { apiToken, DEMO, expect, logInOnPhone, logInWithModal, test, uniqueSurname } from './fixtures.ts';
import { bookFree, paidEntry } from './payment-fixtures.ts';
import { registerRacer } from './people-fixtures.ts';

/** As an administrator, opens Booked Participants on `race` and removes `name` from it. */
async function removeParticipant(page: Page, race: string, name: string) {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/');
  await logInWithModal(page, DEMO.admin);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: 'Booked Participants' }).click();
  const row = page.getByRole('table', { name: 'Race events' }).getByRole('row').filter({ hasText: race });
  await row.getByRole('button', { name: `View participants of ${race}` }).click();
  await expect(page.getByTestId('booked-summary')).toContainText('1 booked · 4 remaining');
  await page
    .getByRole('button', { name: `Remove ${name}` })
    .first()
    .click();
  return page.getByRole('dialog', { name: 'Remove participant' });
}

const refundsSwitch = async (request: APIRequestContext, enabled: boolean) => {
  const headers = { authorization: `Bearer ${await apiToken(request, DEMO.superAdmin)}` };
  const res = await request.put('/api/v1/admin/refund-settings/', { headers, data: { enabled } });
  expect(res.status()).toBe(200);
};

/**
 * Cancelling one entry with its refund (issue 27): a super administrator turns refunds through
 * the site on (Orders & Payments) and gives a race its terms (Bookings → Cancellations: until a
 * date and time, a £2.50 fee); a racer who paid £10 cancels the entry in My Entries, is told
 * beforehand what comes back, and sees the entry cancelled and £7.50 refunded.
 */
test('a super administrator turns refunds on and sets a race’s terms; the payer cancels and is refunded less the fee', async ({
  page,
  request,
}) => {
  const surname = uniqueSurname('Cxl');
  const race = `Cancel Race ${surname}`;
  const { id, kid, reference } = await paidEntry(request, race, 'Cora', surname);
  const rootHeaders = { authorization: `Bearer ${await apiToken(request, DEMO.superAdmin)}` };

  try {
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto('/');
    await logInWithModal(page, DEMO.superAdmin);
    await page.goto('/admin');
    const menu = page.getByRole('navigation', { name: 'Admin' });
    await menu.getByRole('button', { name: 'Orders & Payments' }).click();
    const toggle = page.getByRole('switch', { name: 'Refunds through the site' });
    await expect(toggle).not.toBeChecked();
    await expect(page.getByText('Off: refunds cannot be issued through this site')).toBeVisible();
    await toggle.click({ force: true });
    await expect(page.getByText('Refunds through the site are on.')).toBeVisible();
    await expect(toggle).toBeChecked();

    await menu.getByRole('button', { name: 'Bookings' }).click();
    await page.getByRole('button', { name: `Cancellation terms of ${race}` }).click();
    const dialog = page.getByRole('dialog', { name: `Cancellations: ${race}` });
    // the race is 330 days ahead (createRaceEvent): the deadline can be at most its date (issue 35)
    await dialog.getByLabel('Cancel until', { exact: true }).fill(typed(day(300)));
    await dialog.getByLabel('Cancel until time').fill('25:00');
    await dialog.getByLabel('Cancellation fee (£)').fill('2.50');
    await dialog.getByRole('button', { name: 'Save terms' }).click();
    await expect(dialog.getByText('Enter the time as HH:MM (24-hour).')).toBeVisible();
    await expect(dialog.getByLabel('Cancellation fee (£)')).toHaveValue('2.50');
    await dialog.getByLabel('Cancel until time').fill('18:00');
    await dialog.getByRole('button', { name: 'Save terms' }).click();
    await expect(page.getByText(`Cancellation terms of ${race} saved.`)).toBeVisible();
    await expect(dialog).toBeHidden();
    const terms = await (await request.get(`/api/v1/products/${id}/cancellation/`, { headers: rootHeaders })).json();
    expect(terms).toEqual({ cancel_until: day(300), cancel_until_time: '18:00', cancel_fee: '2.50' });

    // the payer, in My Entries
    await page.context().clearCookies();
    await page.goto('/');
    await page.evaluate(() => sessionStorage.clear());
    await page.goto('/');
    await logInWithModal(page, kid);
    await page.goto('/profile?tab=entries');
    const order = page.getByRole('article', { name: `Order ${reference}` });
    await expect(order).toContainText(`Cora ${surname} — ${race}`);
    await expect(order).toContainText('Booked');
    await order.getByRole('button', { name: 'Cancel entry' }).click();
    const confirm = page.getByRole('dialog', { name: `Cancel Cora ${surname}'s entry?` });
    await expect(confirm).toContainText(
      '£7.50 will be refunded to the card or account that paid (a £2.50 cancellation fee is kept).',
    );
    await confirm.getByRole('button', { name: 'Cancel entry' }).click();
    await expect(
      page.getByText(`Cora ${surname}'s entry for ${race} is cancelled. £7.50 will be refunded`),
    ).toBeVisible();
    await expect(order).toContainText('Cancelled');
    await expect(order).toContainText('£7.50 refunded');
    await expect(order.getByRole('button', { name: 'Cancel entry' })).toHaveCount(0);
    const products = (await (await request.get('/api/v1/products/')).json()) as {
      id: number;
      booked_quantity: number;
    }[];
    expect(products.find((p) => p.id === id)?.booked_quantity).toBe(0);
  } finally {
    await refundsSwitch(request, false);
  }
});

test('with refunds on, an administrator removes a paid participant and refunds the payer', async ({
  page,
  request,
}) => {
  const surname = uniqueSurname('Rmv');
  const race = `Removal Race ${surname}`;
  await paidEntry(request, race, 'Remy', surname);
  await refundsSwitch(request, true);
  try {
    const dialog = await removeParticipant(page, race, `Remy ${surname}`);
    await expect(dialog).toContainText(`Are you sure you want to remove Remy ${surname} from ${race}?`);
    await expect(dialog).toContainText('This action cannot be reversed.');
    await expect(dialog).not.toContainText('refunds cannot be issued');
    await expect(dialog.getByRole('checkbox', { name: 'Refund £10.00 to the payer' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(
      page.getByText(`Remy ${surname} was removed from ${race}. £10.00 will be refunded to the payer.`),
    ).toBeVisible();
    await expect(page.getByTestId('booked-summary')).toContainText('0 booked · 5 remaining');
  } finally {
    await refundsSwitch(request, false);
  }
});

test('a refund the provider refuses waits in Orders & Payments until an administrator marks it refunded by hand', async ({
  page,
  request,
}) => {
  const surname = uniqueSurname('Rfs');
  const race = `Refused Race ${surname}`;
  // the demo's card whose refunds are refused (as Stripe's test card 4000 0000 0000 5126)
  const { reference } = await paidEntry(request, race, 'Rafe', surname, '4000 0000 0000 5126');
  await refundsSwitch(request, true);
  try {
    const dialog = await removeParticipant(page, race, `Rafe ${surname}`);
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(
      page.getByText(`Rafe ${surname} was removed from ${race}. £10.00 will be refunded to the payer.`),
    ).toBeVisible();

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: 'Orders & Payments' }).click();
    const queue = page.getByRole('table', { name: 'Refunds to make by hand' });
    await expect(page.getByRole('heading', { name: 'Refunds to make by hand (1)' })).toBeVisible();
    await expect(queue.getByRole('row')).toHaveCount(2);
    await expect(queue).toContainText(`Rafe ${surname}`);
    await expect(queue).toContainText(reference);
    await expect(queue).toContainText('£10.00');
    await expect(queue).toContainText('Refused: the provider refused the refund');
    await queue
      .getByRole('button', { name: `Mark the refund of £10.00 to Rafe ${surname} as refunded by hand` })
      .click();
    await page
      .getByRole('dialog', { name: 'Refunded by hand?' })
      .getByRole('button', { name: 'Mark as refunded' })
      .click();
    await expect(page.getByText('Marked as refunded by hand.')).toBeVisible();
    await expect(queue).toBeHidden();
  } finally {
    await refundsSwitch(request, false);
  }
});

/**
 * A free entry (issue 27): with refunds through the site on and the race's terms set, the parent
 * who booked it sees it under My Entries → Free entries on a phone and cancels it; it leaves the
 * list and the race has its place back.
 */
test('on a phone, a parent cancels a free entry from My Entries', async ({ page, request }) => {
  const surname = uniqueSurname('Fre');
  const race = `Free Race ${surname}`;
  const { id } = await createRaceEvent(request, { name: race, quantity: 5, price: '0.00' });
  const kid = await registerRacer(request, 'Fay', surname);
  await bookFree(request, id, kid);
  const rootHeaders = { authorization: `Bearer ${await apiToken(request, DEMO.superAdmin)}` };
  const terms = await request.put(`/api/v1/products/${id}/cancellation/`, {
    headers: rootHeaders,
    data: { cancel_until: day(300), cancel_until_time: '18:00', cancel_fee: '0' },
  });
  expect(terms.status(), await terms.text()).toBe(200);
  await refundsSwitch(request, true);
  try {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    await logInOnPhone(page, kid);
    await page.goto('/profile?tab=entries');
    const free = page.getByRole('region', { name: 'Free entries' });
    await expect(free).toContainText(`Fay ${surname} — ${race}`);
    await free.getByRole('button', { name: 'Cancel entry' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel Fay ${surname}'s entry?` });
    await expect(dialog).toContainText('The entry was free: there is nothing to refund.');
    await dialog.getByRole('button', { name: 'Cancel entry' }).click();
    await expect(page.getByText(`Fay ${surname}'s entry for ${race} is cancelled.`)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Free entries' })).toBeHidden();
    const left = await request.get(`/api/v1/products/booked-participants/${id}/`, { headers: rootHeaders });
    expect(await left.json()).toEqual([]);
  } finally {
    await refundsSwitch(request, false);
  }
});
