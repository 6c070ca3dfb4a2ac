import { createHook } from 'node:async_hooks';

/**
 * Keeps one of Node's `process.nextTick` queue entries alive for the life of the process, so the
 * hidden classes (V8 maps) of those entries are never collected. See
 * docs/decisions/0024-tick-object-maps.md.
 *
 * Why: `process.nextTick` builds each entry with an object literal whose first keys are computed
 * (`{ [async_id_symbol]: …, [trigger_async_id_symbol]: …, [kAsyncContextFrame]: …, callback,
 * args }`). V8 caches each computed key's definition for one map only, and holds maps weakly: a
 * full garbage collection at a moment when no entry is queued (every idle server has them, and
 * this app's start-up — the embedded database, the demo seed — has several) frees the chain of
 * maps; the next entry builds a new chain, the cache sees a second map and gives up for good.
 * From then on every `nextTick` — several per HTTP answer, inside Node's own streams — defines
 * its properties in the V8 runtime. Measured on the public reads: about a quarter more CPU per
 * answer. An entry held here keeps its map, and through the map's back pointers the whole chain,
 * alive; the caches stay on the first maps.
 *
 * It runs first of all (main.ts imports it before anything else), before a full collection can
 * have freed the chain. The hook is on only for the one `nextTick` it catches.
 */
let pinned: object | undefined;

function pinTickObjectMaps(): void {
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type === 'TickObject' && !pinned) pinned = resource;
    },
  });
  hook.enable();
  try {
    process.nextTick(() => {});
  } finally {
    hook.disable();
  }
}

pinTickObjectMaps();
