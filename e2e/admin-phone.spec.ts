import type { Locator, Page } from '@playwright/test';
import { DEMO, expect, logInWithModal, openAdminOnPhone, openPanelOnPhone, test } from './fixtures.ts';

/**
 * The back office on a phone (issue 26): at 375 px one menu button holds the panels and the
 * site's links, no panel scrolls sideways, the lists that did not fit are cards whose buttons are
 * in view, and toasts stay clear of the header and of the form's main button.
 */

const pageWidth = (page: Page) => page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);

async function expectInView(button: Locator, width: number): Promise<void> {
  await expect(button).toBeVisible();
  const box = await button.boundingBox();
  expect(box).not.toBeNull();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
}

function intersects(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('one menu button holds the panels and the site links; no panel scrolls sideways; lists are cards', async ({
    page,
  }) => {
    await openAdminOnPhone(page, DEMO.admin);
    await expect(page.getByRole('button', { name: /menu/i })).toHaveCount(1);
    const burger = page.getByRole('button', { name: 'Open navigation menu' });
    await burger.click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('navigation', { name: 'Admin' }).getByRole('button')).not.toHaveCount(0);
    await expect(drawer.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // Bookings: a card per event, its three buttons inside the screen
    await expect(page.getByRole('heading', { level: 2, name: 'Bookings' })).toBeVisible();
    const events = page.getByRole('list', { name: 'Events' }).getByRole('listitem');
    await expect(events.first()).toBeVisible();
    await expect(page.getByRole('table', { name: 'Events' })).toBeHidden();
    const first = events.first();
    await expectInView(first.getByRole('button', { name: /^Edit / }), 375);
    await expectInView(first.getByRole('button', { name: /^Documents of / }), 375);
    await expectInView(first.getByRole('button', { name: /^Cancel / }), 375);
    expect(await pageWidth(page)).toBeLessThanOrEqual(375);

    // the content lists: cards with Edit and Delete in view
    for (const [panel, list] of [
      ['Edit Document Content', 'Organisation documents'],
      ['Edit FAQs', 'FAQs'],
      ['Team Members', 'Team members'],
    ] as const) {
      await openPanelOnPhone(page, panel);
      const cards = page.getByRole('list', { name: list }).getByRole('listitem');
      await expect(cards.first(), panel).toBeVisible();
      await expect(page.getByRole('table', { name: list })).toBeHidden();
      await expectInView(cards.first().getByRole('button', { name: /^Edit / }), 375);
      await expectInView(cards.first().getByRole('button', { name: /^Delete / }), 375);
      expect(await pageWidth(page), panel).toBeLessThanOrEqual(375);
    }
    await openPanelOnPhone(page, 'Edit Content');
    const clubs = page.getByRole('list', { name: 'Clubs' }).getByRole('listitem');
    await expect(clubs.first()).toBeVisible();
    await expectInView(clubs.first().getByRole('button', { name: /^Delete / }), 375);
    expect(await pageWidth(page)).toBeLessThanOrEqual(375);

    // Orders & Payments: a card per payment, its View in view
    await openPanelOnPhone(page, 'Orders & Payments');
    const payments = page.getByRole('list', { name: 'Payments' }).getByRole('listitem');
    await expect(payments.first()).toBeVisible();
    await expect(payments.first()).toContainText('£');
    await expect(page.getByRole('table', { name: 'Payments' })).toBeHidden();
    await expectInView(payments.first().getByRole('button', { name: /^View payment / }), 375);
    // every filter choice in view, the last one too
    await expectInView(page.locator('label').filter({ hasText: /^Refunds$/ }), 375);
    expect(await pageWidth(page)).toBeLessThanOrEqual(375);

    // every other panel an administrator has fits the screen
    for (const panel of [
      'Users',
      'Confirm Racers',
      'Link Requests',
      'Booked Participants',
      'Start Lists',
      'Orders & Payments',
    ]) {
      await openPanelOnPhone(page, panel);
      await page.waitForLoadState('networkidle');
      expect(await pageWidth(page), panel).toBeLessThanOrEqual(375);
    }
  });
});

for (const width of [375, 1280]) {
  test(`at ${width} px a toast is clear of the header and of the form's button`, async ({ page }) => {
    await page.setViewportSize({ width, height: 812 });
    if (width === 375) await openAdminOnPhone(page, DEMO.admin);
    else {
      await page.goto('/');
      await logInWithModal(page, DEMO.admin);
      await page.goto('/admin');
    }
    if (width === 375) await openPanelOnPhone(page, 'Edit FAQs');
    else await page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: 'Edit FAQs' }).click();
    const form = page.getByRole('region', { name: 'Add an FAQ' });
    await form.getByLabel(/^Question/).fill(`Is there parking ${Date.now().toString(36)}?`);
    await form.getByLabel(/^Answer/).fill('Yes, beside the slope.');
    const submit = form.getByRole('button', { name: 'Submit' });
    await submit.click();
    const toast = page.getByRole('alert').filter({ hasText: 'FAQ added' });
    await expect(toast).toBeVisible();
    const header = await page.locator('header').first().boundingBox();
    if (!header) throw new Error('the page has no header');
    // below the whole header (its menu button, account and cart controls), once it has slid in
    await expect
      .poll(async () => (await toast.boundingBox())?.y ?? -1, { timeout: 5_000 })
      .toBeGreaterThanOrEqual(header.y + header.height);
    const toastBox = await toast.boundingBox();
    if (!toastBox) throw new Error('the toast went before it was measured');
    const button = await submit.boundingBox();
    if (button) expect(intersects(toastBox, button)).toBe(false);
  });
}
