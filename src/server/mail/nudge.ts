import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';

const nudges = new WeakMap<Db, () => void>();

/** Asks this process's mail job to run now (call it after the commit that queued mail), so mail
 * goes within moments instead of at the job's next tick. Without a scheduled job (tests run it
 * by hand), nothing. */
export function nudgeMail(ctx: AppContext): void {
  nudges.get(ctx.db)?.();
}

/** The mail job listens for nudges on this context's database; returns its unregistration. */
export function onNudge(ctx: AppContext, kick: () => void): () => void {
  nudges.set(ctx.db, kick);
  return () => {
    if (nudges.get(ctx.db) === kick) nudges.delete(ctx.db);
  };
}
