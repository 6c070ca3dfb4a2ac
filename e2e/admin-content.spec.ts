import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiToken, DEMO, expect, logInWithModal, test } from './fixtures.ts';

/**
 * The admin content panels (doc 2 §2, §4, §5, §8; issue 3): an administrator changes the
 * association's content and a visitor sees it on the public pages at once. Texts are unique per
 * run because every test shares one server; what other tests could read is put back.
 */

const unique = (label: string) => `${label} ${Date.now().toString(36)}`;

/** A 1×1 PNG: a real picture, and (named x.pdf) a file that is not a PDF. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function openPanel(page: Page, label: string) {
  await page.goto('/');
  await logInWithModal(page, DEMO.admin);
  await backToPanel(page, label);
}

/** From any page of the signed-in administrator: the Admin link, then the panel's menu entry. */
async function backToPanel(page: Page, label: string) {
  await page.getByRole('link', { name: 'Admin', exact: true }).click();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: label, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: label })).toBeVisible();
}

/** Picks a file through a labelled file input, as a person would through the file dialog. */
async function chooseFile(page: Page, label: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: label }).click();
  await (await chooser).setFiles(file);
}

async function adminPut(request: APIRequestContext, method: 'put' | 'patch', path: string, data: unknown) {
  const access = await apiToken(request, DEMO.admin);
  const res = await request[method](`/api/v1${path}`, { data, headers: { authorization: `Bearer ${access}` } });
  expect(res.ok(), await res.text()).toBe(true);
}

test('an administrator adds and edits an FAQ, the Contact page shows the new answer, and a delete asks first', async ({
  page,
}) => {
  await openPanel(page, 'Edit FAQs');
  const question = unique('Can I hire race skis?');
  const form = page.getByRole('region', { name: 'Add an FAQ' });

  // the domain's messages beside the fields; nothing is sent
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText('Question is required')).toBeVisible();
  await expect(form.getByText('Answer is required')).toBeVisible();

  await form.getByLabel('Question').fill(question);
  await form.getByLabel('Answer').fill('Not yet.');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('FAQ added')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: question });
  await expect(row).toContainText('Not yet.');
  await expect(form.getByLabel('Question')).toHaveValue('');

  // edit: the form says Update and keeps the question
  const answer = `Yes: the slope hires race skis for £10 a day (${Date.now()}). `.repeat(3).trim();
  await row.getByRole('button', { name: `Edit FAQ: ${question}` }).click();
  const editForm = page.getByRole('region', { name: 'Edit FAQ' });
  await expect(editForm.getByLabel('Question')).toHaveValue(question);
  await editForm.getByLabel('Answer').fill(answer);
  await editForm.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('FAQ updated')).toBeVisible();
  // the table cuts the answer to 100 characters
  await expect(row.getByRole('cell').nth(1)).toHaveText(`${answer.slice(0, 100)}…`);

  await page.goto('/contact');
  await page.getByRole('button', { name: question }).click();
  await expect(page.getByText(answer)).toBeVisible();

  // delete asks first; Cancel keeps it, Delete removes it everywhere
  await backToPanel(page, 'Edit FAQs');
  await row.getByRole('button', { name: `Delete FAQ: ${question}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete FAQ?' });
  await expect(confirm).toContainText(question);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Delete FAQ: ${question}` }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('FAQ deleted')).toBeVisible();
  await expect(row).toHaveCount(0);
  await page.goto('/contact');
  await expect(page.getByRole('button', { name: 'Who can race?' })).toBeVisible();
  await expect(page.getByRole('button', { name: question })).toHaveCount(0);
});

test('a team member added with a photo appears under Meet Our Team, and is gone after a confirmed delete', async ({
  page,
}) => {
  await openPanel(page, 'Team Members');
  const last = `Tester${Date.now().toString(36).replace(/\d/g, '')}`;
  const name = `Grace ${last}`;
  const form = page.getByRole('region', { name: 'Add a team member' });
  await form.getByLabel('First name').fill('Grace');
  await form.getByLabel('Last name').fill(last);
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText('Position is required')).toBeVisible();
  await expect(form.getByLabel('Last name')).toHaveValue(last);

  await form.getByLabel('Position').fill('Volunteer Coordinator');
  await chooseFile(page, 'Photo', { name: 'grace.png', mimeType: 'image/png', buffer: PNG });
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Team member added')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Volunteer Coordinator');

  await page.goto('/about');
  const team = page.getByRole('region', { name: 'Meet Our Team' });
  const card = team.getByTestId('team-member').filter({ hasText: name });
  await expect(card).toContainText('Volunteer Coordinator');
  await expect(card.getByRole('img', { name })).toBeVisible();

  await backToPanel(page, 'Team Members');
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete team member?' });
  await expect(confirm).toContainText(name);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`${name} deleted`)).toBeVisible();
  await expect(row).toHaveCount(0);

  await page.goto('/about');
  await expect(team.getByTestId('team-member').first()).toBeVisible();
  await expect(team.getByText(name)).toHaveCount(0);
});

test('updating governance shows the inline success for 3 seconds and the Governance page shows it', async ({
  page,
  request,
}) => {
  const original = ((await (await request.get('/api/v1/governance/')).json()) as { paragraph: string }).paragraph;
  const paragraph = unique('The association is governed by its committee, elected at each AGM.');
  try {
    await openPanel(page, 'Edit Governance');
    const field = page.getByLabel('Governance paragraph');
    await expect(field).toHaveValue(original);
    await field.fill('   ');
    await page.getByRole('button', { name: 'Update Governance' }).click();
    await expect(page.getByText('Paragraph is required')).toBeVisible();

    await field.fill(paragraph);
    await page.getByRole('button', { name: 'Update Governance' }).click();
    const saved = page.getByText('Governance content updated successfully!');
    await expect(saved).toBeVisible();
    await expect(saved).toBeHidden({ timeout: 5000 });

    await page.goto('/governance');
    await expect(page.getByText(paragraph)).toBeVisible();
  } finally {
    await adminPut(request, 'patch', '/governance/update/', { paragraph: original });
  }
});

test('editing the Schools rules text block changes the Schools page', async ({ page, request }) => {
  const original = ((await (await request.get('/api/v1/content/')).json()) as { schools_rules: string }).schools_rules;
  const rule = unique('Every racer must wear a numbered bib');
  try {
    await openPanel(page, 'Edit Content');
    await page.getByRole('tab', { name: 'Site Text' }).click();
    const field = page.getByLabel('Schools rules');
    await expect(field).toHaveValue(original);
    await field.fill(`${original}\n\n${rule}.`);
    await page.getByRole('button', { name: 'Save site text' }).click();
    await expect(page.getByText('Site text saved')).toBeVisible();

    await page.goto('/schools');
    const rules = page.getByRole('region', { name: 'Schools races: rules and entry' });
    await expect(rules.getByText(`${rule}.`)).toBeVisible();
    await expect(rules).toContainText('Individual entry: £21 per racer');
  } finally {
    await adminPut(request, 'put', '/content/update/', { schools_rules: original });
  }
});

test('a document that is not a PDF is refused with the server’s message and nothing is added', async ({
  page,
  request,
}) => {
  await openPanel(page, 'Edit Document Content');
  const name = unique('Race Officials Handbook');
  const form = page.getByRole('region', { name: 'Add a document' });
  await form.getByLabel('Document name').fill(name);
  // a picture named like a PDF passes the picker; the server checks the content
  await chooseFile(page, 'PDF file', { name: 'x.pdf', mimeType: 'application/pdf', buffer: PNG });
  await form.getByRole('button', { name: 'Submit' }).click();

  await expect(form.getByText('Please select a PDF file.')).toBeVisible();
  await expect(form.getByRole('alert')).toHaveText('Please correct the highlighted fields.');
  await expect(form.getByLabel('Document name')).toHaveValue(name);
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  const docs = (await (await request.get('/api/v1/organization-documents/')).json()) as { name: string }[];
  expect(docs.map((d) => d.name)).not.toContain(name);
});

test('a club is added with its details, shown on the Clubs page, and a delete names the club', async ({ page }) => {
  await openPanel(page, 'Edit Content');
  await expect(page.getByRole('tab', { name: 'Club Details', selected: true })).toBeVisible();
  const club = unique('Chiltern Ski Race Club');
  const form = page.getByRole('region', { name: 'Add a club' });
  await form.getByLabel('Race club name').fill(club);
  await form.getByLabel('Website').fill('chiltern.example');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText('Slope name is required')).toBeVisible();
  await expect(form.getByText('Please enter a website address starting with http:// or https://')).toBeVisible();

  await form.getByLabel('Slope name').fill('Chiltern Dry Slope');
  await form.getByLabel('Website').fill('https://chiltern.example');
  await form.getByLabel('Postcode').fill('HP1 1AA');
  await chooseFile(page, 'Slope image', { name: 'slope.png', mimeType: 'image/png', buffer: PNG });
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Club added')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: club });
  await expect(row).toContainText('Chiltern Dry Slope');

  await page.goto('/slopes');
  await expect(page.getByRole('heading', { name: club })).toBeVisible();

  await backToPanel(page, 'Edit Content');
  await row.getByRole('button', { name: `Delete ${club}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete club?' });
  await expect(confirm).toContainText(club);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
  await page.goto('/slopes');
  await expect(page.getByRole('heading', { name: 'Essex Ski Racing Club' })).toBeVisible();
  await expect(page.getByRole('heading', { name: club })).toHaveCount(0);
});

test('every content panel, with its form errors showing, has no serious accessibility problems (axe)', async ({
  page,
}) => {
  await openPanel(page, 'Edit Content');
  const panels: [string, string][] = [
    ['Edit Content', 'Submit'],
    ['Edit Document Content', 'Submit'],
    ['Team Members', 'Submit'],
    ['Edit FAQs', 'Submit'],
  ];
  const problems: string[] = [];
  const scan = async (label: string) => {
    const result = await new AxeBuilder({ page }).include('main').analyze();
    for (const v of result.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')) {
      problems.push(
        `${label} ${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} (${n.any[0]?.message})`).join(', ')}`,
      );
    }
  };
  for (const [label, submit] of panels) {
    await backToPanel(page, label);
    await expect(page.getByRole('table')).toBeVisible();
    await page.getByRole('button', { name: submit, exact: true }).click();
    await expect(page.getByText(/ is required/).first()).toBeVisible();
    await scan(label);
  }
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: 'Edit Content' }).click();
  await page.getByRole('tab', { name: 'Site Text' }).click();
  await page.getByRole('button', { name: 'Add testimonial' }).click();
  await page.getByRole('button', { name: 'Save site text' }).click();
  await expect(page.getByText('Quote is required')).toBeVisible();
  await scan('Site Text');
  await backToPanel(page, 'Edit Governance');
  await expect(page.getByLabel('Governance paragraph')).not.toHaveValue('');
  await scan('Edit Governance');
  expect(problems).toEqual([]);
});
