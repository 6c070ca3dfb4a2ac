import { offerEndText } from '../src/domain/waiting-list/messages.ts';
import { expect, test, uniqueSurname } from './fixtures.ts';
import { paidOffer } from './waiting-fixtures.ts';

/**
 * One paid offer open in two tabs: Accept in one goes to checkout, which says until
 * when the offer holds the place (not a payment's 15 minutes); Decline in the other is refused,
 * and that tab shows the entry as it now stands, the server's words, and no buttons.
 */
test('two tabs on one offer: checkout says the offer’s end; the tab that lost shows the entry as it stands', async ({
  page,
  context,
  request,
}) => {
  const surname = uniqueSurname('Tabs');
  const race = `Two Tabs Race ${surname}`;
  const { kidHeaders: headers, kid, entryId } = await paidOffer(request, race, surname);
  const entry = (await (await request.get(`/api/v1/waiting-list/${entryId}/`, { headers })).json()) as {
    offer: { ends_at: string };
  };

  await page.goto(`/waiting-list/${entryId}`);
  await page.getByRole('main').getByRole('button', { name: 'Log In' }).click();
  const login = page.getByRole('dialog', { name: 'Log In' });
  await login.getByLabel('Username').fill(kid.username);
  await login.getByLabel(/^Password/).fill(kid.password);
  await login.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('region', { name: 'The offer' })).toBeVisible();
  const other = await context.newPage();
  await other.goto(`/waiting-list/${entryId}`);
  await expect(other.getByRole('region', { name: 'The offer' })).toContainText(`1 place held for Kit ${surname}`);

  await page.getByRole('region', { name: 'The offer' }).getByRole('button', { name: 'Accept' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId('hold-note')).toHaveText(
    `The waiting-list offer holds these places until ${offerEndText(new Date(entry.offer.ends_at))}.`,
  );

  await other.getByRole('region', { name: 'The offer' }).getByRole('button', { name: 'Decline' }).click();
  await other.getByRole('dialog', { name: 'Decline the offer?' }).getByRole('button', { name: 'Decline' }).click();
  await expect(other.getByTestId('answer-refused')).toHaveText('There is no offer to answer on this entry.');
  await expect(other.getByText('You accepted the offer.', { exact: false })).toBeVisible();
  await expect(other.getByRole('button', { name: /^(Accept|Decline)$/ })).toHaveCount(0);
});
