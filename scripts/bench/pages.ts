import type { Locator, Page } from '@playwright/test';
import type { BenchPage } from './lighthouse.ts';

/** How long the answer to a page's control may take to show. */
const ANSWER_MS = 5_000;

const visible = (find: (page: Page) => ReturnType<Page['locator']>) => async (page: Page) => {
  await find(page).first().waitFor({ state: 'visible', timeout: ANSWER_MS });
};

/** A click on a control that must be there (and enabled) within ANSWER_MS. */
const click = (control: Locator) => control.click({ timeout: ANSWER_MS });

/** An anonymous visitor's Enter on a race (its name says which: "Enter Hemel Open Slalom"): the
 * Log In dialog opens (as on /booking). */
const enter = {
  control: 'the first Enter button (the Log In dialog opens)',
  act: (page: Page) => click(page.getByRole('button', { name: /^Enter / }).first()),
  answered: visible((page) => page.getByRole('dialog', { name: 'Log In' })),
};

/** A results tab: it becomes the selected one. */
const tab = (name: string) => ({
  control: `the ${name} tab`,
  act: (page: Page) => click(page.getByRole('tab', { name })),
  answered: visible((page) => page.getByRole('tab', { name, selected: true })),
});

/**
 * The views issue 26 holds to Lighthouse mobile ≥ 95: the public pages visitors land on, the slow
 * results views (a club's race, the season's overall standings) and an event's own page, each
 * with the control the bench uses after every run to see that the page still works. The event is
 * the demo's Hemel Open Slalom, whose address carries its date (found through the events list).
 */
export async function benchPages(app: string): Promise<BenchPage[]> {
  const products = (await (await fetch(`${app}/api/v1/products/`)).json()) as { name: string; slug: string }[];
  const event = products.find((p) => p.name === 'Hemel Open Slalom') ?? products[0];
  if (!event) throw new Error('the demo data has no events');
  const seasons = (await (await fetch(`${app}/api/v1/public/race-events/`)).json()) as {
    club_results: { club_id: string; club_name: string; points_calculated: boolean }[];
  }[];
  const club = seasons[0]?.club_results.find((c) => c.points_calculated);
  if (!club) throw new Error('the demo data has no calculated results');
  const clubButton = `${club.club_name} (${club.club_id})`;
  return [
    { name: '/', path: '/', ...enter },
    { name: '/booking', path: '/booking', ...enter },
    {
      name: '/contact',
      path: '/contact',
      control: 'Send Message with the form empty (its messages show)',
      act: (page) => click(page.getByRole('button', { name: 'Send Message' })),
      answered: visible((page) => page.getByText('First name is required')),
    },
    {
      name: '/results',
      path: '/results',
      control: `the club picker's ${club.club_id} (its results show)`,
      act: (page) => click(page.getByRole('button', { name: clubButton })),
      answered: visible((page) => page.getByRole('heading', { level: 1, name: new RegExp(`^${club.club_name} `) })),
    },
    { name: `a club's race`, path: `/results?club=${club.club_id}`, ...tab('Overall Standings') },
    { name: `the season's overall`, path: '/results?club=season&tab=overall', ...tab('Club Points') },
    { name: 'an event page', path: `/events/${event.slug}`, ...enter },
  ];
}
