import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';
import type { LoaderFunction, RouteObject } from 'react-router';
import {
  contentBlocksQuery,
  faqsQuery,
  governanceQuery,
  organizationDocumentsQuery,
  slopesQuery,
  teamMembersQuery,
} from '../content/api.ts';
import { latestProductsQuery, productQuery, productsQuery } from '../events/api.ts';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { associationQuery } from '../ui/useAssociation.ts';
import { versionQuery } from './Footer.tsx';
import { RootLayout } from './RootLayout.tsx';

// biome-ignore lint/suspicious/noExplicitAny: queries of any data type are prefetched alike
type AnyQuery = FetchQueryOptions<any, any, any, any>;

/**
 * What a page is, beside its component: its title and description (the server writes them into
 * the HTML, the browser into document.title), whether the server paints it (public pages; pages
 * behind a login are painted in the browser, which holds the token), and the public reads it
 * shows, which the server loads before painting it and hands to the browser with the HTML.
 */
export interface PageHandle {
  title: string;
  description?: string;
  ssr?: boolean;
  queries?: AnyQuery[];
  /** The page's module, as a path under src/web: the server links its script and styles into
   * the painted page, so they load with the HTML instead of after the app's script (late styles
   * moved the painted page about). It must be the module `lazy` imports (routes.test.ts). */
  module?: string;
  /** The reads that depend on the address or on another read (the results page's year, club
   * and tab): the server prefetches them after `queries`, painting the page as it was asked for. */
  queriesFor?: (url: URL, client: QueryClient, now: Date) => Promise<AnyQuery[]>;
}

/** Every page shows the shell: the association's name, the footer's documents and version. */
export const SHELL_QUERIES: AnyQuery[] = [associationQuery, organizationDocumentsQuery, versionQuery];

const page = (handle: PageHandle) => ({ handle });
const publicPage = (title: string, description: string, module: string, queries: AnyQuery[] = []) =>
  page({ title, description, ssr: true, queries, module });

/** Every route of doc 1 §2, shared by the browser's router and the server's renderer. The root
 * route's loader (the navigation guard) belongs to the browser and is given by its entry. */
export function createRoutes(rootLoader?: LoaderFunction): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      Component: RootLayout,
      ...(rootLoader ? { loader: rootLoader, shouldRevalidate: () => true } : {}),
      HydrateFallback: () => null,
      ErrorBoundary: RouteErrorPage,
      children: [
        {
          index: true,
          ...publicPage(
            'Home',
            'Ski and snowboard races for every age: enter online, see what is coming up and follow the season.',
            'home/HomePage.tsx',
            [latestProductsQuery, contentBlocksQuery],
          ),
          lazy: async () => ({ Component: (await import('../home/HomePage.tsx')).HomePage }),
        },
        {
          path: 'about',
          ...publicPage(
            'About',
            'Who we are, how to start racing, and the team that runs the races.',
            'content/AboutPage.tsx',
            [contentBlocksQuery, teamMembersQuery],
          ),
          lazy: async () => ({ Component: (await import('../content/AboutPage.tsx')).AboutPage }),
        },
        {
          path: 'booking',
          ...publicPage(
            'Booking',
            'Enter a race: events open for entry, happening soon and coming soon.',
            'events/BookingPage.tsx',
            [productsQuery],
          ),
          lazy: async () => ({ Component: (await import('../events/BookingPage.tsx')).BookingPage }),
        },
        {
          path: 'booking/success',
          ...page({ title: 'Booking complete' }),
          lazy: async () => ({ Component: (await import('../payments/BookingSuccessPage.tsx')).BookingSuccessPage }),
        },
        {
          path: 'booking/error',
          ...page({ title: 'Payment not completed' }),
          lazy: async () => ({ Component: (await import('../payments/BookingErrorPage.tsx')).BookingErrorPage }),
        },
        {
          path: 'events/:slug',
          ...page({
            title: 'Event',
            description: 'An event: when and where, the price, the places left and how to enter.',
            ssr: true,
            module: 'events/EventPage.tsx',
            queriesFor: async (url) => [productQuery(decodeURIComponent(url.pathname.split('/')[2] ?? ''))],
          }),
          lazy: async () => ({ Component: (await import('../events/EventPage.tsx')).EventPage }),
        },
        {
          path: 'schools',
          ...publicPage(
            'Schools',
            'Schools races: the rules, the entry fees and the events.',
            'content/SchoolsPage.tsx',
            [productsQuery, contentBlocksQuery],
          ),
          lazy: async () => ({ Component: (await import('../content/SchoolsPage.tsx')).SchoolsPage }),
        },
        {
          path: 'slopes',
          ...publicPage(
            'Clubs',
            'The member clubs and the slopes where they train and race.',
            'content/SlopesPage.tsx',
            [slopesQuery],
          ),
          lazy: async () => ({ Component: (await import('../content/SlopesPage.tsx')).SlopesPage }),
        },
        {
          path: 'safeguarding',
          ...publicPage(
            'Safeguarding',
            'How we keep racers safe, and who to contact with a concern.',
            'content/SafeguardingPage.tsx',
            [contentBlocksQuery],
          ),
          lazy: async () => ({ Component: (await import('../content/SafeguardingPage.tsx')).SafeguardingPage }),
        },
        {
          path: 'contact',
          ...publicPage(
            'Contact',
            'Send us a message, or find the answer in the frequently asked questions.',
            'content/ContactPage.tsx',
            [faqsQuery],
          ),
          lazy: async () => ({ Component: (await import('../content/ContactPage.tsx')).ContactPage }),
        },
        {
          path: 'checkout',
          ...page({ title: 'Checkout' }),
          lazy: async () => ({ Component: (await import('../cart/CheckoutPage.tsx')).CheckoutPage }),
        },
        {
          path: 'payment',
          ...page({ title: 'Payment Page' }),
          lazy: async () => ({ Component: (await import('../payments/PaymentPage.tsx')).PaymentPage }),
        },
        {
          path: 'policies',
          ...publicPage('Policies', 'The association’s policies and documents.', 'content/PoliciesPage.tsx'),
          lazy: async () => ({ Component: (await import('../content/PoliciesPage.tsx')).PoliciesPage }),
        },
        {
          path: 'results',
          ...page({
            title: 'Results',
            description: 'Race results, league points and season standings.',
            ssr: true,
            module: 'results/ResultsPage.tsx',
            queriesFor: async (url, client, now) =>
              (await import('../results/queries.ts')).resultsPageQueries(url, client, now.getFullYear()),
          }),
          lazy: async () => ({ Component: (await import('../results/ResultsPage.tsx')).ResultsPage }),
        },
        {
          path: 'governance',
          ...publicPage('Governance', 'How the association is run.', 'content/GovernancePage.tsx', [governanceQuery]),
          lazy: async () => ({ Component: (await import('../content/GovernancePage.tsx')).GovernancePage }),
        },
        {
          path: 'profile',
          ...page({ title: 'My Profile' }),
          lazy: async () => ({ Component: (await import('../accounts/ProfilePage.tsx')).ProfilePage }),
        },
        {
          path: 'admin',
          ...page({ title: 'Administration' }),
          lazy: async () => ({ Component: (await import('../admin/AdminPage.tsx')).AdminPage }),
        },
        {
          path: 'waiting-list/:id',
          ...page({ title: 'Waiting list' }),
          lazy: async () => ({ Component: (await import('../waiting-list/OfferPage.tsx')).OfferPage }),
        },
        {
          path: 'reset-password/:uidb64/:token',
          ...page({ title: 'Reset password' }),
          lazy: async () => ({ Component: (await import('../accounts/ResetPasswordPage.tsx')).ResetPasswordPage }),
        },
        {
          path: 'maintenance',
          ...publicPage(
            'Site Under Maintenance',
            'The site is being updated and will be back shortly.',
            'maintenance/MaintenancePage.tsx',
          ),
          lazy: async () => ({ Component: (await import('../maintenance/MaintenancePage.tsx')).MaintenancePage }),
        },
        {
          path: '*',
          ...page({ title: 'Page Not Found', ssr: true, module: 'ui/NotFoundPage.tsx' }),
          lazy: async () => ({ Component: (await import('../ui/NotFoundPage.tsx')).NotFoundPage }),
        },
      ],
    },
  ];
}

/** The page paths the server answers (the root's children), in Fastify's pattern syntax. */
export function pagePatterns(): { path: string; ssr: boolean }[] {
  const children = createRoutes()[0]?.children ?? [];
  return children
    .filter((r) => r.path !== '*')
    .map((r) => ({ path: r.index ? '/' : `/${r.path}`, ssr: (r.handle as PageHandle | undefined)?.ssr === true }));
}
