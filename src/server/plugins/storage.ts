import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FAULT_MSG } from '../../domain/faults.ts';
import type { Config } from '../config.ts';
import type { AppContext } from '../context.ts';
import { PRIVATE_FILE, PRIVATE_FOLDER } from '../data-dir.ts';
import type { Db, Tx } from '../db/client.ts';
import { storedFiles } from '../db/schema.ts';
import { AppError, type FieldErrors } from '../errors.ts';
import { filesInDatabase, readStoredFile, writeChunks } from './file-bytes.ts';
import { detectType, FILE_KINDS, type FileKindName, type FileType, MAX_UPLOAD_BYTES, typeByExt } from './file-types.ts';
import { cardImage, webImage } from './web-images.ts';

/** A file as it arrived in a multipart request. */
export interface Upload {
  field: string;
  filename: string;
  bytes: Buffer;
}

/** An upload whose content was checked against its kind: safe to store. */
export interface CheckedUpload extends Upload {
  type: FileType;
  /** The kind's message for a file that is not of its types (a picture that will not decode). */
  wrongType: string;
}

const KEY = /^[a-f0-9]{32}\.[a-z]{3,4}$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The file writes storage makes, replaceable in tests (a full disk). */
export const storageIo: {
  writeFile: (path: string, data: Buffer, options: { flag: 'wx'; mode: number }) => Promise<void>;
  writeChunks: typeof writeChunks;
} = {
  writeFile: (path, data, options) => writeFile(path, data, options),
  writeChunks,
};

/** The disk (or the user's quota) is full; 53100 is PostgreSQL's disk_full. */
const NO_ROOM = new Set(['ENOSPC', 'EDQUOT', '53100']);

/** Where uploads live: DATA_DIR/uploads, or a temporary folder for an in-memory database (0700, its
 * files 0600: writeToDisk). */
export function uploadsDir(config: Config): string {
  return config.dataDir.startsWith('memory://')
    ? join(tmpdir(), `piste-uploads-${process.pid}`)
    : join(config.dataDir, 'uploads');
}

/** Refuses a file whose bytes are not one of its kind's types, or that is too large. The message
 * is the kind's own, keyed by the form field. Nothing is written. */
export function checkUpload(upload: Upload, kindName: FileKindName): CheckedUpload {
  const kind = FILE_KINDS[kindName];
  if (upload.bytes.length > kind.maxBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', kind.tooLarge, { [upload.field]: [kind.tooLarge] });
  }
  const type = detectType(kind, upload.bytes);
  if (!type) throw AppError.validation({ [upload.field]: [kind.wrongType] });
  return { ...upload, type, wrongType: kind.wrongType };
}

/**
 * Checks every sent file against its kind, for a form that reports all its field errors at once:
 * a file of the wrong type adds its kind's message to `errors` under its field; a file over its
 * kind's limit answers 413 at once. Files not sent are skipped. Returns the files that passed.
 */
export function checkUploads<F extends string>(
  uploads: Partial<Record<string, Upload>>,
  kinds: Record<F, FileKindName>,
  errors: FieldErrors,
): Partial<Record<F, CheckedUpload>> {
  const checked: Partial<Record<F, CheckedUpload>> = {};
  for (const [field, kind] of Object.entries(kinds) as [F, FileKindName][]) {
    const upload = uploads[field];
    if (!upload) continue;
    try {
      checked[field] = checkUpload(upload, kind);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'VALIDATION') throw error;
      errors[field] = [...(errors[field] ?? []), ...(error.fields?.[field] ?? [error.message])];
    }
  }
  return checked;
}

/** Where the original of a picture is kept on the disk when the site sends a web copy (never served). */
export function originalName(key: string): string {
  return key.replace(/\.(\w+)$/, '.original.$1');
}

/** A checked file with its generated key, and the bytes stored for it. */
interface Prepared {
  field: string;
  file: CheckedUpload;
  key: string;
  /** What is served: the web copy of a picture, else the file itself. */
  served: Buffer;
  /** A picture's original, kept beside its web copy (never served). */
  original?: Buffer;
}

/**
 * Stores checked files under generated names, then runs `work` in one transaction with their keys
 * (the stored_files rows are inserted in that transaction). A picture is stored as its web copy
 * (plugins/web-images.ts), its original kept beside it; a field named in `cardCopies` also gets
 * its card copy at the width given, a file of its own given to `work` as `{field}_card`. On PostgreSQL the bytes are written in
 * that same transaction (plugins/file-bytes.ts); on the embedded database they are written to the
 * disk first and deleted again if anything fails. Either way a refused or failed write leaves
 * nothing behind.
 */
export async function storeFiles<T>(
  ctx: AppContext,
  files: Record<string, CheckedUpload | undefined>,
  work: (keys: Record<string, string>, tx: Tx) => Promise<T>,
  options: { cardCopies?: Readonly<Record<string, number>> } = {},
): Promise<T> {
  const prepared: Prepared[] = [];
  for (const [field, file] of Object.entries(files)) {
    if (!file) continue;
    const refusal = { field: file.field, wrongType: file.wrongType };
    const web = await webImage(file.bytes, file.type, refusal);
    const key = `${newKeyStem()}.${file.type.ext}`;
    prepared.push({ field, file, key, served: web ?? file.bytes, ...(web ? { original: file.bytes } : {}) });
    const cardWidth = options.cardCopies?.[field];
    if (cardWidth) {
      const card = await cardImage(file.bytes, file.type, refusal, cardWidth);
      if (card) prepared.push(cardCopy(field, file, card));
    }
  }
  const inDatabase = filesInDatabase(ctx);
  const dir = uploadsDir(ctx.config);
  const written: string[] = [];
  try {
    if (!inDatabase) await writeToDisk(dir, prepared, written);
    return await ctx.db.transaction(async (tx) => {
      for (const p of prepared) {
        await tx.insert(storedFiles).values({
          key: p.key,
          originalName: safeName(p.file.filename, p.file.type.ext),
          contentType: p.file.type.mime,
          size: p.served.length,
          createdAt: ctx.now(),
        });
        if (inDatabase) await storageIo.writeChunks(tx, p.key, p.served, p.original);
      }
      return work(Object.fromEntries(prepared.map((p) => [p.field, p.key])), tx);
    });
  } catch (error) {
    await Promise.all(written.map((name) => rm(join(dir, name), { force: true })));
    if (NO_ROOM.has(String((error as { code?: unknown }).code))) {
      throw new AppError('INSUFFICIENT_STORAGE', FAULT_MSG.noRoom);
    }
    throw error;
  }
}

function newKeyStem(): string {
  return randomBytes(16).toString('hex');
}

/** A picture's card copy (web-images.ts `cardImage`), stored as a file of its own: WebP, under its
 * own key, given to `work` as `{field}_card` (docs/decisions/0045). */
function cardCopy(field: string, file: CheckedUpload, card: Buffer): Prepared {
  const webp = typeByExt('webp');
  if (!webp) throw new Error('no WebP file type');
  const stem = (file.filename.split(/[\\/]/).pop() ?? '').replace(/\.[^.]*$/, '') || 'picture';
  return {
    field: `${field}_card`,
    file: { ...file, field: `${field}_card`, filename: `${stem}-card.webp`, type: webp, bytes: card },
    key: `${newKeyStem()}.webp`,
    served: card,
  };
}

/** Writes the files to the disk, naming each in `written` before its write: a write that fails
 * half-way (a full disk) leaves a part to delete. */
async function writeToDisk(dir: string, prepared: Prepared[], written: string[]): Promise<void> {
  // the owner's only, whatever the umask (data-dir.ts); an older folder is tightened at start
  await mkdir(dir, { recursive: true, mode: PRIVATE_FOLDER });
  const options = { flag: 'wx', mode: PRIVATE_FILE } as const;
  for (const p of prepared) {
    written.push(p.key);
    await storageIo.writeFile(join(dir, p.key), p.served, options);
    if (p.original) {
      written.push(originalName(p.key));
      await storageIo.writeFile(join(dir, originalName(p.key)), p.original, options);
    }
  }
}

/** Deletes stored files (rows and bytes, originals too) that nothing refers to any more. Missing
 * ones are ignored. On PostgreSQL the chunks go with the rows (ON DELETE CASCADE); files left on
 * the disk from before the upgrade are the operator's (README "Run several instances"). */
export async function removeFiles(ctx: AppContext, db: Db | Tx, keys: (string | null | undefined)[]): Promise<void> {
  const wanted = keys.filter((k): k is string => typeof k === 'string' && KEY.test(k));
  if (wanted.length === 0) return;
  await db.delete(storedFiles).where(inArray(storedFiles.key, wanted));
  if (filesInDatabase(ctx)) return;
  const dir = uploadsDir(ctx.config);
  await Promise.all(
    wanted.flatMap((key) => [key, originalName(key)]).map((name) => rm(join(dir, name), { force: true })),
  );
}

/** The public address of a stored file. */
export function mediaUrl(key: string | null | undefined): string | null {
  return key ? `/media/${key}` : null;
}

/** A file name fit for a Content-Disposition header: the original's base name, printable, with
 * the real extension. */
function safeName(filename: string, ext: string): string {
  const base = (filename.split(/[\\/]/).pop() ?? '').replace(/[^\p{L}\p{N} ._()-]/gu, '').trim();
  const stem = base.replace(/\.[^.]*$/, '').slice(0, 120) || 'file';
  return `${stem}.${ext}`;
}

/** The longest text part a form may carry, far above any field's own maximum (the text rule of
 * each form's schema); a longer one answers 413 rather than being cut short. */
export const MAX_FIELD_BYTES = 100_000;

/**
 * Reads a multipart form: text fields and files (each into memory, at most the largest kind's
 * limit). A file or a text part over its limit answers 413 with a clear message. The text parts
 * are then checked field by field by the form's schema (src/domain/text.ts).
 */
export async function readMultipart(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; files: Record<string, Upload> }> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'This form must be sent as multipart/form-data.');
  }
  // keyed by the parts' names, which the client chose: maps without a prototype
  const fields: Record<string, string> = Object.create(null);
  const files: Record<string, Upload> = Object.create(null);
  try {
    for await (const part of request.parts({
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 4, fields: 40, fieldSize: MAX_FIELD_BYTES },
    })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (bytes.length > 0 || part.filename)
          files[part.fieldname] = { field: part.fieldname, filename: part.filename, bytes };
      } else if (part.valueTruncated) {
        const message = 'This field is too long.';
        throw new AppError('PAYLOAD_TOO_LARGE', message, { [part.fieldname]: [message] });
      } else {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', `The file is too large (${MAX_UPLOAD_BYTES / 1024 / 1024} MB at most).`);
    }
    if (code === 'FST_PROTO_VIOLATION') throw new AppError('BAD_REQUEST', FAULT_MSG.partNameNotAllowed);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new AppError('BAD_REQUEST', 'The form has too many parts.');
    }
    throw error;
  }
  return { fields, files };
}

/**
 * GET /media/{key}: a stored file with its real type. Images show inline; PDFs, office documents
 * and text download, under their original name. Every file is sent with `Content-Security-Policy:
 * sandbox`, so that whatever a browser makes of one, it runs no script with the site's origin.
 */
export function registerMedia(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { key: string } }>(
    '/media/:key',
    { config: { access: 'public', maintenance: 'open' }, schema: { hide: true } },
    async (request, reply) => {
      const { key } = request.params;
      if (!KEY.test(key)) throw AppError.notFound('No such file.');
      const [row] = await ctx.db.select().from(storedFiles).where(eq(storedFiles.key, key));
      const type = typeByExt(key.split('.')[1] ?? '');
      if (!row || !type) throw AppError.notFound('No such file.');
      const bytes = await readStoredFile(ctx, uploadsDir(ctx.config), key);
      if (!bytes) throw AppError.notFound('No such file.');
      // a key names one content for ever (a new upload gets a new key): its tag is the key
      const etag = `"${key}"`;
      if (request.headers['if-none-match'] === etag) {
        bytes.destroy();
        return reply.status(304).header('etag', etag).header('cache-control', IMMUTABLE).send();
      }
      const disposition = type.inline ? 'inline' : 'attachment';
      const ascii = row.originalName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
      reply
        .header('content-type', row.contentType)
        .header('content-length', row.size)
        .header('cache-control', IMMUTABLE)
        .header('etag', etag)
        .header('content-security-policy', 'sandbox')
        .header(
          'content-disposition',
          `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(row.originalName)}`,
        );
      return reply.send(bytes);
    },
  );
}
