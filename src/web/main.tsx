import './zod-config.ts';
import { hydrate as hydrateQueries } from '@tanstack/react-query';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { useProfileStore } from './accounts/store.ts';
import { Providers, queryClient } from './app/providers.tsx';
import { browserRoutes, createRouter, loadLazyMatches } from './app/router.tsx';
import type { PaintedState } from './entry-server.tsx';
import { PaintedInMaintenance } from './maintenance/store.ts';
import { requestOverlaysWhenIdle } from './ui/overlays.ts';

/**
 * The browser's entry. A page the server painted (it carries #piste-state) is hydrated with the
 * server's data, as the anonymous view the server painted; then the session kept in this tab is
 * read and the navigation guard runs, adding the signed-in parts. Other pages (behind a login, or
 * the dev server) are rendered here from scratch, the guard running first.
 */
async function start(): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  const stateElement = document.getElementById('piste-state');
  const painted = stateElement ? (JSON.parse(stateElement.textContent ?? '{}') as PaintedState) : null;

  if (!painted) {
    await useProfileStore.persist.rehydrate();
    createRoot(root).render(
      <StrictMode>
        <Providers>
          <RouterProvider router={createRouter(false)} />
        </Providers>
      </StrictMode>,
    );
    markReady();
    return;
  }

  hydrateQueries(queryClient, datedNow(painted.queries));
  await loadLazyMatches(browserRoutes, window.location);
  const router = createRouter(true);
  let resolve: () => void = () => {};
  const hydrated = new Promise<void>((done) => {
    resolve = done;
  });
  // a transition: React hydrates in slices of about 5 ms and lets the browser in between, instead
  // of one long task a slow phone counts as blocking time (docs/decisions/0054)
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <PaintedInMaintenance.Provider value={painted.maintenance}>
          <Providers>
            <RouterProvider router={router} />
          </Providers>
        </PaintedInMaintenance.Provider>
        <Hydrated onDone={resolve} />
      </StrictMode>,
    );
  });
  // the page answers clicks once the whole of it is hydrated: before, a link is the browser's own
  // and loads the next page from the server
  await hydrated;
  await useProfileStore.persist.rehydrate();
  await router.revalidate();
  markReady();
}

/** Renders nothing; its effect runs when the tree it closes has been hydrated and committed. */
function Hydrated({ onDone }: { onDone: () => void }): null {
  useEffect(onDone, [onDone]);
  return null;
}

/**
 * The painted data, dated now. A painted page is as current as a read made now (the server drops
 * it with the public cache on every change, and when the clock changes what it shows), but it may
 * have been painted minutes ago: dated then, every query on it was older than its staleTime and
 * the browser fetched it all again right after hydrating.
 */
function datedNow(state: PaintedState['queries']): PaintedState['queries'] {
  const now = Date.now();
  return { ...state, queries: state.queries.map((q) => ({ ...q, state: { ...q.state, dataUpdatedAt: now } })) };
}

/** Says the page answers clicks now (browser tests wait for it after loading a page); then the
 * containers of toasts and confirmations load. */
function markReady(): void {
  document.documentElement.dataset.ready = 'true';
  requestOverlaysWhenIdle();
}

void start();
