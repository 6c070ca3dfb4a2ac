import { hydrate as hydrateQueries } from '@tanstack/react-query';
import { StrictMode } from 'react';
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

  hydrateQueries(queryClient, painted.queries);
  await loadLazyMatches(browserRoutes, window.location);
  const router = createRouter(true);
  hydrateRoot(
    root,
    <StrictMode>
      <PaintedInMaintenance.Provider value={painted.maintenance}>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </PaintedInMaintenance.Provider>
    </StrictMode>,
  );
  await useProfileStore.persist.rehydrate();
  await router.revalidate();
  markReady();
}

/** Says the page answers clicks now (browser tests wait for it after loading a page); then the
 * containers of toasts and confirmations load. */
function markReady(): void {
  document.documentElement.dataset.ready = 'true';
  requestOverlaysWhenIdle();
}

void start();
