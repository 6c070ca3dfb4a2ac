import { describe, expect, it } from 'vitest';
import { CacheEntries, ENTRY_OVERHEAD_BYTES, entrySize, type SizedEntry, type Slot } from './cache-entries.ts';

/** An entry of `bytes`: under a one-letter key it counts bytes + 2 + the overhead. */
const sized = (bytes: number): { slot: Slot<SizedEntry>; entry: SizedEntry } => {
  const entry = { bytes };
  return { slot: { pending: Promise.resolve(entry), entry, size: 0 }, entry };
};
const counted = (bytes: number) => bytes + 2 + ENTRY_OVERHEAD_BYTES;

function put(cache: CacheEntries<SizedEntry>, key: string, bytes: number): void {
  const { slot, entry } = sized(bytes);
  cache.add(key, slot);
  cache.loaded(key, slot, entry);
}
const keys = (cache: CacheEntries<SizedEntry>, all: string[]) => all.filter((k) => cache.peek(k) !== undefined);

describe('the public cache’s entries', () => {
  it('counts an entry’s body, its compressed copies, its key and a fixed overhead', () => {
    expect(entrySize('page:open:/about', { bytes: 1000, br: Buffer.alloc(200), gzip: Buffer.alloc(300) })).toBe(
      1000 + 200 + 300 + 32 + ENTRY_OVERHEAD_BYTES,
    );
  });

  it('holds entries up to exactly its bound; one byte over pushes out the least recently used', () => {
    const cache = new CacheEntries<SizedEntry>(counted(1000) * 3);
    put(cache, 'a', 1000);
    put(cache, 'b', 1000);
    put(cache, 'c', 1000);
    expect(cache.bytes).toBe(cache.maxBytes);
    expect(keys(cache, ['a', 'b', 'c'])).toEqual(['a', 'b', 'c']);
    put(cache, 'd', 1);
    expect(keys(cache, ['a', 'b', 'c', 'd'])).toEqual(['b', 'c', 'd']);
    expect(cache.bytes).toBe(counted(1000) * 2 + counted(1));
  });

  it('keeps the entry used last: a use moves it behind the others', () => {
    const cache = new CacheEntries<SizedEntry>(counted(1000) * 3);
    put(cache, 'a', 1000);
    put(cache, 'b', 1000);
    put(cache, 'c', 1000);
    cache.use('a');
    put(cache, 'd', 1000);
    expect(keys(cache, ['a', 'b', 'c', 'd'])).toEqual(['a', 'c', 'd']);
    // a look (peek) is not a use
    cache.peek('c');
    put(cache, 'e', 1000);
    expect(keys(cache, ['a', 'c', 'd', 'e'])).toEqual(['a', 'd', 'e']);
  });

  it('keeps nothing of an entry larger than the whole bound, and drops nothing for it', () => {
    const cache = new CacheEntries<SizedEntry>(counted(1000) * 2);
    put(cache, 'a', 1000);
    put(cache, 'z', counted(1000) * 2);
    expect(keys(cache, ['a', 'z'])).toEqual(['a']);
    expect(cache.bytes).toBe(counted(1000));
  });

  it('counts a replaced, deleted or cleared entry out, and a slot dropped while loading never in', () => {
    const cache = new CacheEntries<SizedEntry>(1_000_000);
    put(cache, 'a', 1000);
    put(cache, 'a', 10);
    expect(cache.bytes).toBe(counted(10));
    const { slot, entry } = sized(500);
    cache.add('b', slot);
    cache.delete('b');
    cache.loaded('b', slot, entry);
    expect(cache.bytes).toBe(counted(10));
    expect(cache.peek('b')).toBeUndefined();
    cache.delete('a');
    expect([cache.bytes, cache.count]).toEqual([0, 0]);
    put(cache, 'c', 10);
    cache.clear();
    expect([cache.bytes, cache.count]).toEqual([0, 0]);
  });
});
