import { type APIRequestContext, test as base, expect, type Locator, type Page } from '@playwright/test';
import type { ReceivedMail } from './mailbox-server.ts';
import { MAILBOX_HTTP_PORT } from './ports.ts';

/** The demo seed's sign-ins (src/server/seed/seed.ts). */
export const DEMO = {
  superAdmin: { username: 'superadmin', password: 'Piste#Super1' },
  admin: { username: 'clubadmin', password: 'Piste#Admin1' },
  parent: { username: 'sarahjones', password: 'Piste#Parent1' },
} as const;

let counter = 0;

/** A unique, valid username (letters and digits, 8-20, starting with a letter). */
export function uniqueUsername(prefix = 'racer'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`.slice(0, 20);
}

/** A surname no other test uses, in letters only (names refuse digits). */
export function uniqueSurname(prefix: string): string {
  const letters = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`.replace(
    /\d/g,
    (d) => 'qrstuvwxyz'[Number(d)] ?? 'q',
  );
  return `${prefix}${letters}`;
}

export interface NewUser {
  username: string;
  password: string;
  first_name: string;
  last_name: string;
}

let registrar: { token: string; at: number } | null = null;

/**
 * Accounts the tests arrange are registered with an administrator's token, as the back office's
 * Create User does: sign-ups from one address are limited to 20 a minute, and the whole run makes
 * more than that. The token is reused for ten minutes (it lives fifteen).
 */
export async function registrarHeaders(request: APIRequestContext): Promise<{ authorization: string }> {
  if (!registrar || Date.now() - registrar.at > 10 * 60_000) {
    registrar = { token: await apiToken(request, DEMO.admin), at: Date.now() };
  }
  return { authorization: `Bearer ${registrar.token}` };
}

/** Registers a non-racer through the API (no browser), for tests that need an ordinary user; the
 * e-mail address is the username's unless `email` is given (a family sharing one). */
export async function registerUser(
  request: APIRequestContext,
  overrides: Partial<NewUser> = {},
  email?: string,
): Promise<NewUser> {
  const user: NewUser = {
    username: uniqueUsername('user'),
    password: 'Snow#Slope42',
    first_name: 'Robin',
    last_name: 'Hale',
    ...overrides,
  };
  const res = await request.post('/api/v1/register/', {
    headers: await registrarHeaders(request),
    data: {
      ...user,
      email: email ?? `${user.username}@example.com`,
      is_racer: false,
      emergency_contact_name: 'Pat Morgan',
      emergency_contact_number: '01234 567891',
      accept_terms_and_conditions: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return user;
}

/** An access token for API calls made by a test (maintenance toggles, clean-up). */
export async function apiToken(
  request: APIRequestContext,
  user: { username: string; password: string },
): Promise<string> {
  const res = await request.post('/api/v1/login/', { data: { username: user.username, password: user.password } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { access: string }).access;
}

/** Switches maintenance on or off as the super administrator, through the API. */
export async function setMaintenance(request: APIRequestContext, enabled: boolean): Promise<void> {
  const access = await apiToken(request, DEMO.superAdmin);
  const res = await request.post('/api/v1/maintenance/toggle/', {
    data: { is_enabled: enabled },
    headers: { authorization: `Bearer ${access}` },
  });
  expect(res.status()).toBe(200);
  // the server caches the status for up to 2 s; wait until the public status agrees
  await expect
    .poll(
      async () =>
        ((await (await request.get('/api/v1/maintenance/status/')).json()) as { is_enabled: boolean }).is_enabled,
    )
    .toBe(enabled);
}

/** Fills the open login modal and sends it; done when the modal has closed. */
async function submitLogin(dialog: Locator, user: { username: string; password: string }): Promise<void> {
  await dialog.getByLabel('Username').fill(user.username);
  // the label may carry Mantine's required asterisk ('Password *'); the visibility toggle must not match
  await dialog.getByLabel(/^Password/).fill(user.password);
  await dialog.getByRole('button', { name: 'Login' }).click();
  await expect(dialog).toBeHidden();
}

/** Signs in through the login modal, as a person would. */
export async function logInWithModal(page: Page, user: { username: string; password: string }): Promise<void> {
  await page.getByRole('button', { name: 'Log In' }).first().click();
  await submitLogin(page.getByRole('dialog'), user);
}

/** Signs in on a phone (768 px or less), as a person would: the menu button, Log In in the side
 * menu, then the login modal. */
export async function logInOnPhone(page: Page, user: { username: string; password: string }): Promise<void> {
  await page.getByRole('button', { name: 'Open navigation menu' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Log In', exact: true }).click();
  await submitLogin(page.getByRole('dialog', { name: 'Log In' }), user);
}

/** On a phone: signs in from the home page and opens /admin (its panels are in the menu). */
export async function openAdminOnPhone(page: Page, user: { username: string; password: string }): Promise<void> {
  await page.goto('/');
  await logInOnPhone(page, user);
  await page.goto('/admin');
}

/** Signs in and opens /admin; returns the admin side menu. */
/** On a phone, the back office's menu button, then panel `panel`; waits for its heading. */
export async function openPanelOnPhone(page: Page, panel: string, heading = panel): Promise<void> {
  await page.getByRole('button', { name: 'Open navigation menu' }).click();
  await page
    .getByRole('dialog')
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('button', { name: panel })
    .click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
}

export async function openAdmin(page: Page, user: { username: string; password: string }) {
  await page.goto('/');
  await logInWithModal(page, user);
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  await page.getByRole('link', { name: 'Admin', exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
  return page.getByRole('navigation', { name: 'Admin' });
}

/** The test SMTP server's inbox (e2e/mailbox-server.ts): what the app sent during this run. */
export const mailbox = {
  async messages(request: APIRequestContext): Promise<ReceivedMail[]> {
    return (await (await request.get(`http://127.0.0.1:${MAILBOX_HTTP_PORT}/messages`)).json()) as ReceivedMail[];
  },
  async clear(request: APIRequestContext): Promise<void> {
    await request.delete(`http://127.0.0.1:${MAILBOX_HTTP_PORT}/messages`);
  },
  /** A message as read: quoted-printable soft breaks undone and its bytes decoded as UTF-8. */
  text(mail: ReceivedMail | undefined): string {
    const unfolded = (mail?.raw ?? '').replace(/=\r?\n/g, '');
    const bytes = unfolded.replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
    return Buffer.from(bytes, 'latin1').toString('utf8');
  },
  /** The association's address in the browser tests (playwright.config.ts). */
  associationAddress: 'office@ersa.example',
};

/**
 * The test's page waits, after every load, until the app in it answers clicks: a page painted by
 * the server is visible before its script has hydrated it, and a click before that is lost (as it
 * would be for a person; the tests are about what happens after).
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const ready = () =>
      page
        .waitForFunction(() => document.documentElement.dataset.ready === 'true', null, { timeout: 15_000 })
        .catch(() => undefined);
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      if (response?.headers()['content-type']?.includes('text/html')) await ready();
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      if (response?.headers()['content-type']?.includes('text/html')) await ready();
      return response;
    };
    await use(page);
  },
});
export { expect };
