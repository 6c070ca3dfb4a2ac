import { DEMO, expect, logInWithModal, test, uniqueSurname } from './fixtures.ts';
import { paidEntry } from './payment-fixtures.ts';

/**
 * Orders & Payments, the payment's trail (issue 24): the demo seed holds one payment whose
 * provider took a different amount (refunded in full, needs attention). An administrator sees it
 * first, marked, even with a newer payment about; filters by it; opens it and reads its payment
 * log and its refund.
 */
test('an administrator sees the payment that needs attention first, filters by it, and reads its log and refund', async ({
  page,
  request,
}) => {
  // a newer payment, paid with the demo card: it comes after the one that needs attention
  const surname = uniqueSurname('Trl');
  const race = `Trail Race ${surname}`;
  const { reference } = await paidEntry(request, race, 'Tia', surname);

  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/');
  await logInWithModal(page, DEMO.admin);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: 'Orders & Payments' }).click();
  const rows = page.getByRole('table', { name: 'Payments' }).getByRole('row');
  // the one that needs attention first, marked; the newer paid one after it
  await expect(rows.nth(1)).toContainText('Sarah Jones');
  await expect(rows.nth(1)).toContainText('demo_pay_seeded_1');
  await expect(rows.nth(1)).toContainText('Needs attention');
  await expect(rows.nth(1)).toContainText('Cancelled');
  // £25.00 asked, £30.00 refunded: the row says the provider took the £5.00 more
  await expect(rows.nth(1).getByRole('cell').nth(4)).toHaveText('£25.00');
  await expect(rows.nth(1).getByRole('cell').nth(5)).toHaveText(
    '£30.00 — the provider took £30.00, £5.00 more than asked',
  );
  await expect(rows.nth(2)).toContainText(reference);
  await expect(rows.nth(2)).not.toContainText('Needs attention');

  // only those that need attention
  await page.getByRole('checkbox', { name: 'Needs attention' }).check();
  await expect(page.getByTestId('payments-count')).toContainText('1 payment');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('demo_pay_seeded_1');

  // its trail: the payment log in order, and the refund
  await page.getByRole('button', { name: 'View payment demo_pay_seeded_1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Payment demo_pay_seeded_1' });
  await expect(dialog).toContainText('Needs attention: Amount or currency differed');
  await expect(dialog).toContainText('The provider took 30.00 GBP.');
  const log = dialog.getByRole('table', { name: 'Payment log' }).getByRole('row');
  await expect(log).toHaveCount(7);
  const states = await log.locator('td:nth-child(2)').allTextContents();
  expect(states).toEqual(['started', 'held', 'needs attention', 'released', 'refund requested', 'refund succeeded']);
  await expect(log.nth(1)).toContainText('Sarah Jones (sarahjones)');
  await expect(log.nth(1)).toContainText('payment: demo_pay_seeded_1');
  await expect(log.nth(3)).toContainText('webhook');
  await expect(log.nth(3)).toContainText('the provider took 30.00 GBP, not 25.00');
  await expect(log.nth(6)).toContainText('refund: demo_refund_seeded_1');
  // UK time: day/month/year and hours:minutes:seconds
  await expect(log.nth(1).locator('td').first()).toHaveText(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2}$/);
  const refunds = dialog.getByRole('table', { name: 'Refunds' }).getByRole('row');
  await expect(refunds).toHaveCount(2);
  for (const text of ['£30.00', 'amount mismatch', 'Refunded', 'demo_refund_seeded_1', 'Automatic']) {
    await expect(refunds.nth(1)).toContainText(text);
  }
  await expect(dialog.getByRole('table', { name: 'Payment entries' })).toContainText('Tom Jones');
});
