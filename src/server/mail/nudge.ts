import type { AppContext } from '../context.ts';

const nudges = new WeakMap<object, () => void>();

/** The registry's key: the context's database (a test may stand in a context without one). */
const keyOf = (ctx: AppContext): object | null =>
  typeof ctx.db === 'object' && ctx.db !== null ? (ctx.db as object) : null;

/** Asks this process's mail job to run now (call it after the commit that queued mail), so mail
 * goes within moments instead of at the job's next tick. Without a scheduled job (tests run it
 * by hand), nothing. */
export function nudgeMail(ctx: AppContext): void {
  const key = keyOf(ctx);
  if (key) nudges.get(key)?.();
}

/** The mail job listens for nudges on this context's database; returns its unregistration. */
export function onNudge(ctx: AppContext, kick: () => void): () => void {
  const key = keyOf(ctx);
  if (!key) return () => {};
  nudges.set(key, kick);
  return () => {
    if (nudges.get(key) === kick) nudges.delete(key);
  };
}
