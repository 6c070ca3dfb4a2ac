/**
 * The server's entry (built by `vite build --ssr`, loaded by src/server/pages): paints a public
 * page as the anonymous visitor sees it, from the same queries the browser makes, answered by the
 * server's own public reads. The browser's entry (main.tsx) hydrates the result.
 */
import { dehydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { nextDisplayChange } from '../domain/events/boundaries.ts';
import type { Product } from '../domain/events/product.ts';
import { type ServerTransport, setServerTransport } from './api/client.ts';
import { createQueryClient, Providers } from './app/providers.tsx';
import { createRoutes, type PageHandle, pagePatterns, SHELL_QUERIES } from './app/routes.tsx';
import { latestProductsQuery, PRODUCT_KEYS } from './events/api.ts';
import { PaintedInMaintenance } from './maintenance/store.ts';
import { associationQuery } from './ui/useAssociation.ts';

export { pagePatterns };

/** What the browser's entry reads from the page (a JSON script: the CSP allows no inline code). */
export interface PaintedState {
  queries: ReturnType<typeof dehydrate>;
  maintenance: boolean;
}

export interface PaintedPage {
  status: number;
  /** The app's markup, for inside <div id="root">. */
  html: string;
  title: string;
  description: string;
  /** The PaintedState as JSON, safe inside a <script> element. */
  state: string;
  /** When the painting goes stale by the clock alone (a window opens or closes; midnight), as ms
   * since the epoch; null when nothing on it depends on the time. */
  expiresAt: number | null;
  /** The page's modules (paths under src/web) whose scripts and styles the HTML should link. */
  modules: string[];
  /** Every read the page needs answered: false sends the page once, uncached. */
  complete: boolean;
  /** The keys of the reads that failed (twice), for the server's log. */
  failedReads: string[];
}

const routes = createRoutes();
/** The view RootLayout shows in place of every page during maintenance. */
const MAINTENANCE_MODULE = 'maintenance/MaintenancePage.tsx';
const handler = createStaticHandler(routes);

/** Once, at start: how the painted pages' queries reach the app's public reads. */
export function configure(transport: ServerTransport): void {
  setServerTransport(transport);
}

const isNotFound = (error: unknown) => (error as { status?: number } | null)?.status === 404;

/** JSON that cannot end its <script> element or start a comment inside it. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Paints `url` (path and query). During maintenance the page is the maintenance view (503) with
 * only the association's name loaded; an unknown path is the 404 page (404).
 */
export async function render(url: string, options: { maintenance: boolean; now: Date }): Promise<PaintedPage> {
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response) throw new Error(`unexpected redirect while painting ${url}`);
  const leaf = context.matches.at(-1);
  const handle = (leaf?.route.handle ?? { title: 'Page Not Found' }) as PageHandle;
  const notFound = leaf?.route.path === '*';

  const client = createQueryClient();
  const queries: NonNullable<PageHandle['queries']> = options.maintenance
    ? [associationQuery]
    : [...SHELL_QUERIES, ...(handle.queries ?? [])];
  await Promise.all(queries.map((query) => client.prefetchQuery(query)));
  if (!options.maintenance && handle.queriesFor) {
    const more = await handle.queriesFor(new URL(url, 'http://localhost'), client, options.now);
    await Promise.all(more.map((query) => client.prefetchQuery(query)));
    queries.push(...more);
  }
  // a read that failed is tried once more (a busy moment); if it fails again it is painted as the
  // browser would show it, the page is not cached, and the server logs which read it was
  const failed = () => queries.filter((query) => client.getQueryState(query.queryKey)?.status !== 'success');
  if (failed().length > 0) await Promise.all(failed().map((query) => client.prefetchQuery(query)));
  const failedReads = failed().map((query) => JSON.stringify(query.queryKey));
  const complete = failedReads.length === 0;
  // a page whose own read answered 404 (an unknown event) is the 404 page
  const missing = queries.some((query) => isNotFound(client.getQueryState(query.queryKey)?.error));
  const status = notFound || missing ? 404 : options.maintenance ? 503 : 200;

  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <PaintedInMaintenance.Provider value={options.maintenance}>
        <Providers client={client}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </Providers>
      </PaintedInMaintenance.Provider>
    </StrictMode>,
  );
  const html = await streamToString(prelude);

  // every event on the page: the list, the home page's, and an event page's own
  const events = client
    .getQueriesData<Product[] | Product>({ queryKey: PRODUCT_KEYS.all })
    .flatMap(([, data]) => (data === undefined ? [] : Array.isArray(data) ? data : [data]));
  events.push(...(client.getQueryData<Product[]>(latestProductsQuery.queryKey) ?? []));
  const timed = !options.maintenance && client.getQueryState(latestProductsQuery.queryKey) !== undefined;
  const hasEvents = client.getQueriesData({ queryKey: PRODUCT_KEYS.all }).length > 0 || timed;
  // a 404 travels with the page, so the browser shows the same 404 it hydrates
  const state: PaintedState = {
    queries: dehydrate(client, {
      shouldDehydrateQuery: (query) => query.state.status === 'success' || isNotFound(query.state.error),
    }),
    maintenance: options.maintenance,
  };
  return {
    status,
    html,
    title: handle.title,
    description: handle.description ?? '',
    state: scriptSafeJson(state),
    expiresAt: hasEvents ? nextDisplayChange(events, options.now).getTime() : null,
    modules: [...(handle.module ? [handle.module] : []), ...(options.maintenance ? [MAINTENANCE_MODULE] : [])],
    complete,
    failedReads,
  };
}
