import type { AppContext } from '../context.ts';
import { type ChangeListener, listenForChanges } from '../db/notify.ts';
import { maintenanceChanged, setMaintenancePushed } from '../maintenance/service.ts';
import { publicCacheChanged, setPublicCachePushed } from './public-cache.ts';

/**
 * Hears other instances' changes on PostgreSQL (db/notify.ts) and acts on them at once: the
 * public cache is dropped, the maintenance switch read again. While the listening connection is
 * up the polls of both slow to once a minute; when it is lost they go back to their fallback
 * (a second, two seconds), and when it is back everything is looked at afresh (changes made
 * meanwhile were not heard).
 */
export function pushChanges(
  ctx: AppContext,
  url: string,
  log: { warn(message: string): void; info(message: string): void },
): ChangeListener {
  const pushed = (on: boolean) => {
    setPublicCachePushed(ctx, on);
    setMaintenancePushed(ctx, on);
  };
  return listenForChanges(
    url,
    {
      change: (change) => (change === 'public-cache' ? publicCacheChanged(ctx) : maintenanceChanged(ctx)),
      connected: () => {
        pushed(true);
        publicCacheChanged(ctx);
        maintenanceChanged(ctx);
      },
      lost: () => pushed(false),
    },
    { log },
  );
}
