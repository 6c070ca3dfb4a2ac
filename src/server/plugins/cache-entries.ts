/**
 * The public cache's entries, bounded in bytes, least recently used first out
 * (docs/decisions/0026-canonical-page-addresses.md). A Map keeps its keys in insertion order, so
 * moving a key to the end on use makes the first key the least recently used one: a use is a
 * delete and a set (skipped when the key is already the last one used), an eviction takes the
 * first key. Whatever the traffic, the entries hold at most `maxBytes`; an entry that goes stale
 * on a quiet site is replaced at its next read, dropped at the next write, or pushed out.
 */
export interface SizedEntry {
  /** The body's length in bytes. */
  bytes: number;
  br?: Buffer;
  gzip?: Buffer;
}

export interface Slot<E extends SizedEntry> {
  pending: Promise<E>;
  /** The entry once loaded, so a hit is answered without waiting on a promise. */
  entry?: E;
  /** The bytes counted for it (0 until it is loaded and kept). */
  size: number;
}

/** What an entry is counted as: its body and compressed copies, its key (two bytes a character at
 * most) and a fixed allowance for the objects around them (the ETag, the slot, the Map's own). */
export const ENTRY_OVERHEAD_BYTES = 256;

export function entrySize(key: string, entry: SizedEntry): number {
  return entry.bytes + (entry.br?.length ?? 0) + (entry.gzip?.length ?? 0) + key.length * 2 + ENTRY_OVERHEAD_BYTES;
}

export class CacheEntries<E extends SizedEntry> {
  private readonly slots = new Map<string, Slot<E>>();
  private lastUsed: string | undefined;
  /** The bytes counted for the loaded entries held. */
  bytes = 0;

  readonly maxBytes: number;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  get count(): number {
    return this.slots.size;
  }

  /** The slot for a key, marked as the most recently used (a hit). */
  use(key: string): Slot<E> | undefined {
    const slot = this.slots.get(key);
    if (slot && key !== this.lastUsed) {
      this.slots.delete(key);
      this.slots.set(key, slot);
      this.lastUsed = key;
    }
    return slot;
  }

  /** The slot for a key, its recency untouched. */
  peek(key: string): Slot<E> | undefined {
    return this.slots.get(key);
  }

  /** Puts a slot whose entry is loading (replacing the key's former one). */
  add(key: string, slot: Slot<E>): void {
    this.delete(key);
    this.slots.set(key, slot);
    this.lastUsed = key;
  }

  /** Counts a slot's loaded entry, then pushes out the least recently used entries until the
   * whole fits; an entry larger than the bound is not kept at all. */
  loaded(key: string, slot: Slot<E>, entry: E): void {
    if (this.slots.get(key) !== slot) return;
    const size = entrySize(key, entry);
    if (size > this.maxBytes) {
      this.delete(key);
      return;
    }
    slot.size = size;
    this.bytes += size;
    for (const [oldest, held] of this.slots) {
      if (this.bytes <= this.maxBytes) break;
      if (oldest === key) continue;
      this.delete(oldest, held);
    }
  }

  /** Forgets a key (only when it still holds `slot`, if one is given). */
  delete(key: string, slot?: Slot<E>): void {
    const held = this.slots.get(key);
    if (!held || (slot && held !== slot)) return;
    this.bytes -= held.size;
    this.slots.delete(key);
    if (this.lastUsed === key) this.lastUsed = undefined;
  }

  clear(): void {
    this.slots.clear();
    this.bytes = 0;
    this.lastUsed = undefined;
  }
}
