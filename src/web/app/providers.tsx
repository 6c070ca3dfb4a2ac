import './first-paint-styles.ts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { onWrite } from '../api/client.ts';
import { useOverlayStore } from '../ui/overlays.ts';
import { cssVariablesResolver, theme } from './theme.ts';

const Overlays = lazy(async () => ({ default: (await import('./Overlays.tsx')).Overlays }));

/** Toasts and confirmations, once asked for (ui/overlays.ts): never on the server, nor in the
 * browser's first render, so the two agree. */
function OverlayHost() {
  const wanted = useOverlayStore((s) => s.wanted);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Overlays />
    </Suspense>
  );
}

/** A query client: one for the browser's whole visit, one per page painted on the server (a
 * shared one there would hand one visitor's data to the next). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
  });
}

/** The browser's query client. A write this browser makes with an account makes the lists it
 * changed stale (freshness.ts, loaded at the first such write and not before: it is not part of a
 * public page's first script; the admin page loads it at once and keeps its lists current). */
export const queryClient = createQueryClient();
if (typeof window !== 'undefined') {
  onWrite(() => void import('./freshness.ts').then((m) => m.invalidateAfterWrite(queryClient)));
}

export function Providers({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <OverlayHost />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
