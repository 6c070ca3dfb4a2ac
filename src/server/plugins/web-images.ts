import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { AppError } from '../errors.ts';
import type { FileType } from './file-types.ts';
import { TOO_MANY_PIXELS_EXIT, UNDECODABLE_EXIT } from './image-worker-codes.ts';

/**
 * The copy of an uploaded picture that the site sends: made once, at upload, so a phone showing a
 * card never downloads a 4 MB photograph. It is turned upright (the camera's orientation tag
 * applied), at most WEB_IMAGE_EDGE pixels on its longer side, and stripped of its metadata (a
 * photo's EXIF can carry where and when it was taken). The original is kept beside it, unserved.
 */
export const WEB_IMAGE_EDGE = 1600;
/** The card copies of an event's pictures (what its cards show, docs/decisions/0045), WebP, at
 * most this wide: the picture (a card is at most ~400 CSS pixels wide: sharp at twice that) and
 * the logo (a 48 px disc: sharp at three times that). */
export const CARD_IMAGE_WIDTH = 800;
export const CARD_LOGO_WIDTH = 160;
/** Decoding a picture of more pixels than this is refused: a small file can unpack into gigabytes. */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const TOO_MANY_PIXELS = 'The image is too large: it must be at most 40 megapixels.';
/** A picture the worker has not finished in this time is given up (the worker is killed). */
const WORKER_TIMEOUT_MS = 60_000;
/** At most this many workers at once: a form carries two pictures at most, and two cores are common. */
const WORKERS_AT_ONCE = 2;

/** The worker beside this module: image-worker.ts when the server runs from source, image-worker.js
 * in the build (vite.server.config.ts makes it an entry of its own, beside the server's chunks). */
const WORKER = join(import.meta.dirname, import.meta.filename.endsWith('.ts') ? 'image-worker.ts' : 'image-worker.js');

let running = 0;
const waiting: (() => void)[] = [];
async function turn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= WORKERS_AT_ONCE) await new Promise<void>((go) => waiting.push(go));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/** Runs image-worker.ts on `bytes`: its exit code, what it wrote, and the end of what it said on
 * stderr (the reason, when it failed other than by its own codes). */
function runWorker(
  bytes: Buffer,
  ext: string,
  edge: number,
): Promise<{ code: number | null; out: Buffer; said: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WORKER, ext, String(edge), String(MAX_IMAGE_PIXELS)], {
      stdio: ['pipe', 'pipe', 'pipe'],
      timeout: WORKER_TIMEOUT_MS,
    });
    const out: Buffer[] = [];
    let said = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      said = (said + chunk.toString()).slice(-2000);
    });
    child.on('error', reject);
    child.on('close', (code, signal) =>
      signal
        ? reject(new Error(`image worker ended by ${signal}: ${said}`))
        : resolve({ code, out: Buffer.concat(out), said }),
    );
    // a worker that ends early (an undecodable file) closes its input: not an error of ours
    child.stdin.on('error', () => {});
    child.stdin.end(bytes);
  });
}

type Refusal = { field: string; wrongType: string };

/** Runs the worker in `mode` (the picture's extension for its web copy, 'card' for its card copy)
 * and answers what it wrote; a picture it cannot take is refused with the kind's own message,
 * under its field. */
async function copyOf(bytes: Buffer, mode: string, edge: number, refusal: Refusal): Promise<Buffer> {
  const { code, out, said } = await turn(() => runWorker(bytes, mode, edge));
  if (code === TOO_MANY_PIXELS_EXIT) throw AppError.validation({ [refusal.field]: [TOO_MANY_PIXELS] });
  if (code === UNDECODABLE_EXIT) throw AppError.validation({ [refusal.field]: [refusal.wrongType] });
  if (code !== 0) throw new Error(`image worker (${mode}) exited with ${code}: ${said}`);
  return out;
}

const isPicture = (type: FileType) => ['jpg', 'png', 'webp'].includes(type.ext);

/**
 * The web copy of `bytes` (a checked upload of `type`), or null when the type is no picture or the
 * picture is sent as it is. Made by image-worker.ts in a process of its own.
 */
export async function webImage(bytes: Buffer, type: FileType, refusal: Refusal): Promise<Buffer | null> {
  if (!isPicture(type)) return null;
  const out = await copyOf(bytes, type.ext, WEB_IMAGE_EDGE, refusal);
  return out.length ? out : null;
}

/**
 * The card copy of a picture: `width` pixels wide at most, never enlarged, WebP (with its
 * transparency), upright, without metadata. Null for a file that is no picture.
 */
export async function cardImage(
  bytes: Buffer,
  type: FileType,
  refusal: Refusal,
  width: number,
): Promise<Buffer | null> {
  if (!isPicture(type)) return null;
  const out = await copyOf(bytes, 'card', width, refusal);
  if (out.length === 0) throw new Error('image worker (card) wrote nothing');
  return out;
}
