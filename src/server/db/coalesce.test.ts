import { describe, expect, it } from 'vitest';
import { coalesce } from './coalesce.ts';

/** A load whose queries the test finishes by hand, recording the keys of each. */
function manualLoad() {
  const calls: { keys: number[]; finish: (fail?: Error) => void }[] = [];
  const load = (keys: number[]) =>
    new Promise<Map<number, string>>((resolve, reject) => {
      calls.push({
        keys,
        finish: (fail) => (fail ? reject(fail) : resolve(new Map(keys.filter((k) => k > 0).map((k) => [k, `v${k}`])))),
      });
    });
  return { calls, load };
}

/** A few turns of the event loop: a finished query's callers answered and the next one sent. */
const tick = async () => {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe('coalesce: lookups from many callers answered by few queries', () => {
  it('a lone caller is answered by a query of its own, started at once', async () => {
    const { calls, load } = manualLoad();
    const lookup = coalesce(load);
    const answer = lookup(7);
    await tick();
    expect(calls.map((c) => c.keys)).toEqual([[7]]);
    calls[0]?.finish();
    expect(await answer).toBe('v7');
  });

  it('callers who arrive while the queries run go together in the next one, each answered its own key', async () => {
    const { calls, load } = manualLoad();
    const lookup = coalesce(load, { maxInFlight: 1 });
    const first = lookup(1);
    await tick();
    const later = [lookup(2), lookup(3), lookup(2), lookup(-4)];
    await tick();
    expect(calls.map((c) => c.keys)).toEqual([[1]]);
    calls[0]?.finish();
    await tick();
    // duplicates asked once; a key the query did not find answers undefined
    expect(calls.map((c) => c.keys)).toEqual([[1], [2, 3, -4]]);
    calls[1]?.finish();
    expect(await first).toBe('v1');
    expect(await Promise.all(later)).toEqual(['v2', 'v3', 'v2', undefined]);
  });

  it('runs up to maxInFlight queries at once and no batch passes maxBatch keys', async () => {
    const { calls, load } = manualLoad();
    const lookup = coalesce(load, { maxInFlight: 2, maxBatch: 3 });
    const answers = [1, 2, 3, 4, 5, 6, 7, 8].map((k) => lookup(k));
    await tick();
    expect(calls.map((c) => c.keys)).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    calls[0]?.finish();
    await tick();
    expect(calls.map((c) => c.keys)).toEqual([
      [1, 2, 3],
      [4, 5, 6],
      [7, 8],
    ]);
    calls[1]?.finish();
    calls[2]?.finish();
    expect(await Promise.all(answers)).toEqual(['v1', 'v2', 'v3', 'v4', 'v5', 'v6', 'v7', 'v8']);
  });

  it("a failed query fails its own callers only, and the next callers' query still runs", async () => {
    const { calls, load } = manualLoad();
    const lookup = coalesce(load, { maxInFlight: 1 });
    const failing = [lookup(1), lookup(2)];
    await tick();
    const next = lookup(3);
    calls[0]?.finish(new Error('connection lost'));
    for (const f of failing) await expect(f).rejects.toThrow('connection lost');
    await tick();
    calls[1]?.finish();
    expect(await next).toBe('v3');
  });

  it('a load that throws at once fails its callers and does not stop the lookup', async () => {
    let fail = true;
    const lookup = coalesce(async (keys: number[]) => {
      if (fail) throw new Error('bad');
      return new Map(keys.map((k) => [k, k * 2]));
    });
    await expect(lookup(1)).rejects.toThrow('bad');
    fail = false;
    expect(await lookup(2)).toBe(4);
  });

  it('while lookups keep coming, sends at most one query per minGapMs, and those who arrive meanwhile go together', async () => {
    const sent: { keys: number[]; at: number }[] = [];
    const lookup = coalesce(
      async (keys: number[]) => {
        sent.push({ keys, at: performance.now() });
        return new Map(keys.map((k) => [k, k]));
      },
      { minGapMs: 40 },
    );
    const start = performance.now();
    expect(await lookup(1)).toBe(1);
    const later = [lookup(2), lookup(3)];
    await new Promise((resolve) => setTimeout(resolve, 10));
    later.push(lookup(4));
    expect(await Promise.all(later)).toEqual([2, 3, 4]);
    expect(sent.map((s) => s.keys)).toEqual([[1], [2, 3, 4]]);
    // the first at once, the second not before the gap has passed
    expect((sent[0]?.at ?? 0) - start).toBeLessThan(35);
    expect((sent[1]?.at ?? 0) - (sent[0]?.at ?? 0)).toBeGreaterThanOrEqual(39);
  });
});
