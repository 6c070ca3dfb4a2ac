import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buffer, text } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { EVENT_MSG } from '../../domain/events/messages.ts';
import type { AppContext } from '../context.ts';
import { events } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { readStoredFile } from '../plugins/file-bytes.ts';
import { uploadsDir } from '../plugins/storage.ts';

/**
 * The picture a link to an event page shows where it is shared (og:image, the Twitter card, the
 * JSON-LD image): 1200 × 630, the size the large previews use (docs/decisions/0067). Made from the
 * event's picture, cropped to fill (the part libvips finds most telling kept), or, for an event
 * without one, the site's: its logo (the web build's icon.svg) on its colour. Each is made the
 * first time it is asked for, never while a page is painted, in a process of its own as every
 * picture is (sharp stays out of the server: docs/decisions/0036-memory.md), and kept in memory
 * up to SHARE_CACHE_BYTES.
 */
export const SHARE_WIDTH = 1200;
export const SHARE_HEIGHT = 630;
/** The version of the site's share picture in its address (an event's is its picture's key). */
export const SITE_SHARE = 'site';
/** The manifest's theme colour (site-files.ts): the site picture's ground. */
const SITE_COLOUR = '#1c6dd0';
/** About forty pictures (a 1200 × 630 JPEG is 50 to 150 KB): every event of a season. */
const SHARE_CACHE_BYTES = 4 * 1024 * 1024;
const WORKER_TIMEOUT_MS = 60_000;
/** Pixels the worker decodes at most (the stored copy is at most 1600 px on its longer side). */
const MAX_PIXELS = 40_000_000;

/**
 * The worker, run as `node --input-type=module -e WORKER <sharp's address> <cover|site> <colour>`
 * with the picture (cover) or the logo as SVG (site; empty for none) on stdin; it writes the JPEG.
 * Inline, so that it runs the same from source and from the build.
 */
const WORKER = `
const [sharpUrl, mode, colour] = process.argv.slice(1);
const { default: sharp } = await import(sharpUrl);
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const input = Buffer.concat(chunks);
const [width, height] = [${SHARE_WIDTH}, ${SHARE_HEIGHT}];
const picture = mode === 'cover'
  ? sharp(input, { limitInputPixels: ${MAX_PIXELS}, failOn: 'error' })
      .rotate()
      .resize(width, height, { fit: 'cover', position: 'attention' })
      .flatten({ background: '#ffffff' })
  : sharp({ create: { width, height, channels: 3, background: colour } }).composite(
      input.length ? [{ input: await sharp(input).resize({ height: 400 }).png().toBuffer(), gravity: 'centre' }] : [],
    );
process.stdout.write(await picture.jpeg({ quality: 82, mozjpeg: true }).toBuffer());
`;

/** The share picture's address for an event: its version is the event's picture, so that a new
 * picture is a new address (one a preview service has never cached). */
export function shareImagePath(event: { id: number; image: string | null }): string {
  return `/api/v1/products/${event.id}/share.jpg?v=${shareVersion(event.image)}`;
}

/** The picture's key without its extension (`/media/{key}` or a key), or SITE_SHARE for none. */
export function shareVersion(image: string | null): string {
  const key = image?.split('/').pop();
  return key ? (key.split('.')[0] ?? SITE_SHARE) : SITE_SHARE;
}

/** The pictures made, newest use last (a Map keeps its insertion order), and those being made. */
const made = new Map<string, Buffer>();
let madeBytes = 0;
const making = new Map<string, Promise<Buffer | null>>();
/** One picture made at a time: a preview service asking for many waits its turn. */
let queue: Promise<unknown> = Promise.resolve();

function keep(version: string, picture: Buffer): void {
  made.set(version, picture);
  madeBytes += picture.length;
  for (const [oldest, bytes] of made) {
    if (madeBytes <= SHARE_CACHE_BYTES) break;
    made.delete(oldest);
    madeBytes -= bytes.length;
  }
}

async function runWorker(mode: 'cover' | 'site', input: Buffer): Promise<Buffer> {
  const child = spawn(
    process.execPath,
    ['--input-type=module', '-e', WORKER, import.meta.resolve('sharp'), mode, SITE_COLOUR],
    { timeout: WORKER_TIMEOUT_MS },
  );
  // a worker that fails early closes its input: its exit code says so, not this
  child.stdin.on('error', () => {});
  child.stdin.end(input);
  const [picture, said, [code, signal]] = await Promise.all([
    buffer(child.stdout),
    text(child.stderr),
    once(child, 'close') as Promise<[number | null, string | null]>,
  ]);
  if (code !== 0) throw new Error(`share picture worker ended (${signal ?? code}): ${said.slice(-2000)}`);
  return picture;
}

/** What the picture is made from: the stored copy of the event's picture, or the site's logo. */
async function source(ctx: AppContext, key: string | null): Promise<{ mode: 'cover' | 'site'; input: Buffer } | null> {
  if (key === null) {
    const logo = await readFile(join(ctx.config.webDist, 'icon.svg')).catch(() => Buffer.alloc(0));
    return { mode: 'site', input: logo };
  }
  const stream = await readStoredFile(ctx, uploadsDir(ctx.config), key);
  return stream ? { mode: 'cover', input: await buffer(stream) } : null;
}

/**
 * The share picture (JPEG) of the stored picture `key` (e.g. `3f…9a.jpg`), or the site's for
 * null; null when the picture's bytes are missing. Made once, then answered from memory.
 */
export function sharePicture(ctx: AppContext, key: string | null): Promise<Buffer | null> {
  // (the site's picture is the build's: one per web build folder)
  const version = key === null ? `${SITE_SHARE}:${ctx.config.webDist}` : shareVersion(key);
  const kept = made.get(version);
  if (kept) {
    made.delete(version);
    made.set(version, kept);
    return Promise.resolve(kept);
  }
  const pending = making.get(version);
  if (pending) return pending;
  const work = queue.then(async () => {
    const from = await source(ctx, key);
    if (!from) return null;
    const picture = await runWorker(from.mode, from.input);
    keep(version, picture);
    return picture;
  });
  const done = work.finally(() => making.delete(version));
  making.set(version, done);
  queue = done.catch(() => {});
  return done;
}

/**
 * GET /api/v1/products/{id}/share.jpg?v=…: the event's share picture now. Asked for by its current
 * version (the address the page gives), an event's is kept for a year, as a stored file is (a new
 * picture is a new address); the site's for a day (a new build may bring a new logo); asked for
 * by an older version, it is revalidated at every use. 404 for an unknown event.
 */
export async function sendSharePicture(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  id: number,
  asked: string | undefined,
): Promise<FastifyReply> {
  const [event] = await ctx.db.select({ image: events.image }).from(events).where(eq(events.id, id));
  if (!event) throw AppError.notFound(EVENT_MSG.eventNotFound);
  const picture = await sharePicture(ctx, event.image);
  if (!picture) throw AppError.notFound(EVENT_MSG.eventNotFound);
  const version = shareVersion(event.image);
  const cacheControl =
    asked !== version
      ? 'no-cache'
      : version === SITE_SHARE
        ? 'public, max-age=86400'
        : 'public, max-age=31536000, immutable';
  const etag = `"share-${createHash('sha256').update(picture).digest('base64url').slice(0, 22)}"`;
  reply.header('cache-control', cacheControl).header('etag', etag);
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply.type('image/jpeg').send(picture);
}
