import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A cached public answer and its compressed copies, and the choice of encoding per request
 * (public-cache.ts keeps the entries; front-cache.ts answers from them). */

export interface Entry {
  body: string;
  /** The body's length in bytes. */
  bytes: number;
  etag: string;
  status: number;
  contentType: string;
  /** When the answer goes stale by the clock alone (ms since the epoch), or null. */
  expiresAt: number | null;
  /** Kept for the next request (false: answered once, then forgotten). */
  keep: boolean;
  /** Compressed once per cache generation, for bodies worth it. */
  br?: Buffer;
  gzip?: Buffer;
}

/** Bodies smaller than this go as they are: compression would save less than a packet. */
const COMPRESS_FROM_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** An answer to cache: its body and type, its status (200 unless said), and when it expires. */
export interface CacheableAnswer {
  body: string;
  contentType: string;
  status?: number;
  expiresAt?: number | null;
  /** False: send it this once, keep nothing (a page painted while one of its reads failed). */
  keep?: boolean;
}

export async function makeEntry(answer: CacheableAnswer): Promise<Entry> {
  const { body, contentType } = answer;
  const entry: Entry = {
    body,
    contentType,
    status: answer.status ?? 200,
    expiresAt: answer.expiresAt ?? null,
    keep: answer.keep ?? true,
    bytes: Buffer.byteLength(body),
    etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
  };
  if (entry.bytes < COMPRESS_FROM_BYTES) return entry;
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
    gzipAsync(body, { level: 9 }),
  ]);
  return { ...entry, br, gzip: gz };
}

/**
 * An answer sent once and never kept (a page painted for an address with a query): compressed in
 * the one encoding the client prefers, at a quicker setting than the cache's (it is made for this
 * request alone). Answers `vary` and the encoding's header; the body as it goes.
 */
export async function sendOnceCompressed(
  request: FastifyRequest,
  reply: FastifyReply,
  body: string,
): Promise<FastifyReply> {
  reply.header('vary', 'accept-encoding');
  if (Buffer.byteLength(body) < COMPRESS_FROM_BYTES) return reply.send(body);
  const encoding = pickEncoding(request.headers['accept-encoding'], { br: EMPTY, gzip: EMPTY });
  if (encoding === 'br') {
    const br = await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('content-encoding', 'br').send(br);
  }
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(await gzipAsync(body, { level: 6 }));
  return reply.send(body);
}
const EMPTY = Buffer.alloc(0);

/** What an Accept-Encoding header allows, remembered per distinct header (browsers send a few). */
const acceptedEncodings = new Map<string, { br: boolean; gzip: boolean }>();
const REMEMBERED_HEADERS = 64;

function parseAcceptEncoding(header: string): { br: boolean; gzip: boolean } {
  const accepted = new Set(
    header
      .toLowerCase()
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !/^\s*q\s*=\s*0(\.0*)?\s*$/.test(q ?? ''))
      .map(([name]) => name?.trim()),
  );
  return { br: accepted.has('br'), gzip: accepted.has('gzip') || accepted.has('x-gzip') };
}

/** The best encoding of an entry that the client accepts (brotli, then gzip), or none. */
export function pickEncoding(
  acceptEncoding: string | undefined,
  entry: Pick<Entry, 'br' | 'gzip'>,
): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  let accepted = acceptedEncodings.get(acceptEncoding);
  if (!accepted) {
    accepted = parseAcceptEncoding(acceptEncoding);
    if (acceptedEncodings.size >= REMEMBERED_HEADERS) acceptedEncodings.clear();
    acceptedEncodings.set(acceptEncoding, accepted);
  }
  if (entry.br && accepted.br) return 'br';
  if (entry.gzip && accepted.gzip) return 'gzip';
  return null;
}
