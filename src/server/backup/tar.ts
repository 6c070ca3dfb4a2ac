import { createHash } from 'node:crypto';
import { AppError } from '../errors.ts';

/**
 * The backup archive's container: a POSIX ustar archive (gzip-compressed by the caller), written
 * and read as streams so that no file is ever held whole. Only what the backup needs: regular
 * files with short names (at most 100 bytes) and sizes below 8 GB. No tar package is among the
 * production dependencies (docs/decisions/0034-backups-and-restores.md); the format is 512-byte
 * blocks and fits in this file.
 */
const BLOCK = 512;
const NAME_BYTES = 100;
/** The largest size an 11-digit octal field holds (8 GB − 1). */
export const MAX_TAR_ENTRY_BYTES = 8 ** 11 - 1;

/** A file to put in the archive: its name inside the archive, its size, and its bytes. The
 * bytes must come to exactly `size` (a file that changes while it is read fails the backup). */
export interface TarSource {
  name: string;
  size: number;
  bytes: () => AsyncIterable<Uint8Array>;
}

/** What was written for one file: the manifest's line. */
export interface TarWritten {
  name: string;
  bytes: number;
  sha256: string;
}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

/** A ustar header block for a regular file. */
export function tarHeader(name: string, size: number, mtime: Date): Buffer {
  const nameBytes = Buffer.from(name, 'utf8');
  if (nameBytes.length > NAME_BYTES) throw new Error(`archive entry name too long: ${name}`);
  if (!Number.isSafeInteger(size) || size < 0 || size > MAX_TAR_ENTRY_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', `${name} is ${size} bytes: an archive entry holds at most 8 GB.`);
  }
  const block = Buffer.alloc(BLOCK);
  nameBytes.copy(block, 0);
  block.write(octal(0o644, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  block.write('        ', 148, 'ascii');
  block.write('0', 156, 'ascii');
  block.write('ustar\u000000', 257, 'ascii');
  block.write(octal(checksum(block), 7), 148, 'ascii');
  return block;
}

function checksum(block: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : (block[i] as number);
  return sum;
}

function padding(size: number): Buffer {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
}

/**
 * The archive as a stream of blocks: each source in turn (hashed with SHA-256 as it goes), then
 * the entry `last` makes from what was written (the manifest, which lists every other file), then
 * the end-of-archive blocks.
 */
export async function* packTar(
  sources: Iterable<TarSource> | AsyncIterable<TarSource>,
  last: (written: TarWritten[]) => { name: string; bytes: Buffer },
  mtime: Date,
): AsyncGenerator<Buffer> {
  const written: TarWritten[] = [];
  for await (const source of sources) {
    yield tarHeader(source.name, source.size, mtime);
    const hash = createHash('sha256');
    let count = 0;
    for await (const chunk of source.bytes()) {
      count += chunk.length;
      if (count > source.size) break;
      hash.update(chunk);
      yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    }
    if (count !== source.size) {
      throw new Error(`${source.name} changed while it was being read (${source.size} bytes expected, ${count} read)`);
    }
    yield padding(source.size);
    written.push({ name: source.name, bytes: source.size, sha256: hash.digest('hex') });
  }
  const final = last(written);
  yield tarHeader(final.name, final.bytes.length, mtime);
  yield final.bytes;
  yield padding(final.bytes.length);
  yield Buffer.alloc(BLOCK * 2);
}

/** One file found while reading an archive. */
export interface TarEntry {
  name: string;
  size: number;
}

/** Where an entry's bytes go, chunk by chunk, then `end` (awaited before the next entry). */
export interface TarSink {
  write(chunk: Buffer): void | Promise<void>;
  end(): void | Promise<void>;
}

/** The line for an archive that is not one this code wrote, or that was cut short. */
export const NOT_AN_ARCHIVE = 'This file is not a Piste backup archive, or it is damaged.';
export const ARCHIVE_TRUNCATED =
  'This backup archive is incomplete (it ends early): copy it again from where it is kept.';

function field(block: Buffer, start: number, length: number): string {
  const raw = block.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

function parseHeader(block: Buffer): TarEntry {
  const stored = Number.parseInt(field(block, 148, 8).trim(), 8);
  const size = Number.parseInt(field(block, 124, 12).trim(), 8);
  const type = field(block, 156, 1);
  if (stored !== checksum(block) || !Number.isSafeInteger(size) || (type !== '0' && type !== '')) {
    throw new AppError('BAD_REQUEST', NOT_AN_ARCHIVE);
  }
  const prefix = field(block, 345, 155);
  const name = field(block, 0, NAME_BYTES);
  return { name: prefix ? `${prefix}/${name}` : name, size };
}

/**
 * Reads an archive's blocks (already decompressed): for each file, `onEntry` gives the sink its
 * bytes go to. Refuses anything but regular files, a damaged header, and an archive that ends
 * before its end-of-archive block.
 */
export async function readTar(input: AsyncIterable<Buffer>, onEntry: (entry: TarEntry) => TarSink): Promise<void> {
  let buffer: Buffer = Buffer.alloc(0);
  let current: { sink: TarSink; remaining: number; padding: number } | null = null;
  let ended = false;
  for await (const chunk of input) {
    // what follows the end-of-archive block (its second block, gzip's own padding) is read and left
    if (ended) continue;
    buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
    for (;;) {
      if (current && current.remaining > 0) {
        if (buffer.length === 0) break;
        const take = Math.min(current.remaining, buffer.length);
        await current.sink.write(buffer.subarray(0, take));
        buffer = buffer.subarray(take);
        current.remaining -= take;
        continue;
      }
      if (current) {
        if (buffer.length < current.padding) break;
        buffer = buffer.subarray(current.padding);
        await current.sink.end();
        current = null;
        continue;
      }
      if (buffer.length < BLOCK) break;
      const block = buffer.subarray(0, BLOCK);
      buffer = buffer.subarray(BLOCK);
      if (block.every((byte) => byte === 0)) {
        ended = true;
        break;
      }
      const entry = parseHeader(block);
      current = { sink: onEntry(entry), remaining: entry.size, padding: padding(entry.size).length };
    }
  }
  if (!ended) throw new AppError('BAD_REQUEST', ARCHIVE_TRUNCATED);
}
