import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { AppError } from '../errors.ts';
import { codeMigrationCount, DATABASE_ENTRY, MANIFEST_NAME, type Manifest, parseManifest } from './manifest.ts';
import { ARCHIVE_TRUNCATED, NOT_AN_ARCHIVE, readTar, type TarSink } from './tar.ts';

/** The manifest's largest size worth reading (about 10,000 files' lines). */
const MAX_MANIFEST_BYTES = 4 * 1024 * 1024;

/** Where one file of the archive goes while it is read (null: only checked). */
export type EntryTarget = (name: string) => TarSink | null;

/** zlib's complaints about what it was given, said the way a volunteer can act on. */
function archiveError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = String((error as { code?: unknown }).code ?? '');
  if (code === 'Z_BUF_ERROR') return new AppError('BAD_REQUEST', ARCHIVE_TRUNCATED);
  if (code.startsWith('Z_')) return new AppError('BAD_REQUEST', NOT_AN_ARCHIVE);
  return error;
}

export function mismatch(name: string): AppError {
  return new AppError(
    'BAD_REQUEST',
    `The archive's ${name} does not match its manifest (the archive is damaged or was changed): nothing was restored.`,
  );
}

/**
 * Reads the whole archive once: each file is hashed (and handed to `target`, if it wants it), and
 * the manifest is read. Returns the manifest and what each file's size and SHA-256 were.
 */
export async function readArchive(
  path: string,
  target: EntryTarget = () => null,
): Promise<{ manifest: Manifest | null; seen: Map<string, { bytes: number; sha256: string }> }> {
  const seen = new Map<string, { bytes: number; sha256: string }>();
  let manifestText: string | null = null;
  const onEntry = (entry: { name: string; size: number }): TarSink => {
    if (seen.has(entry.name) || (entry.name === MANIFEST_NAME && manifestText !== null)) {
      throw new AppError('BAD_REQUEST', NOT_AN_ARCHIVE);
    }
    if (entry.name === MANIFEST_NAME) {
      if (entry.size > MAX_MANIFEST_BYTES) throw new AppError('BAD_REQUEST', NOT_AN_ARCHIVE);
      const chunks: Buffer[] = [];
      return {
        write: (chunk) => void chunks.push(Buffer.from(chunk)),
        end: () => {
          manifestText = Buffer.concat(chunks).toString('utf8');
        },
      };
    }
    const hash = createHash('sha256');
    const sink = target(entry.name);
    return {
      write: async (chunk) => {
        hash.update(chunk);
        await sink?.write(chunk);
      },
      end: async () => {
        seen.set(entry.name, { bytes: entry.size, sha256: hash.digest('hex') });
        await sink?.end();
      },
    };
  };
  try {
    await pipeline(createReadStream(path), createGunzip(), (source) => readTar(source, onEntry));
  } catch (error) {
    throw archiveError(error);
  }
  const text = manifestText as string | null; // set by the sink above
  return { manifest: text === null ? null : parseManifest(text), seen };
}

/** True when every file the manifest lists was read with its size and SHA-256, and nothing else. */
export function checkAgainstManifest(manifest: Manifest, seen: Map<string, { bytes: number; sha256: string }>): void {
  for (const file of manifest.files) {
    const found = seen.get(file.name);
    if (!found || found.bytes !== file.bytes || found.sha256 !== file.sha256) throw mismatch(file.name);
  }
  const listed = new Set(manifest.files.map((f) => f.name));
  for (const name of seen.keys()) if (!listed.has(name)) throw mismatch(name);
  if (!listed.has(DATABASE_ENTRY[manifest.database.kind])) throw mismatch(DATABASE_ENTRY[manifest.database.kind]);
}

/**
 * The first of a restore's two readings: the whole archive is checked against its manifest, and
 * an archive from a newer Piste (more migrations than this code has) is refused, before anything
 * is written.
 */
export async function verifyArchive(path: string): Promise<Manifest> {
  const { manifest, seen } = await readArchive(path);
  if (!manifest) throw new AppError('BAD_REQUEST', ARCHIVE_TRUNCATED);
  checkAgainstManifest(manifest, seen);
  const known = codeMigrationCount();
  if (manifest.migrations > known) {
    throw new AppError(
      'CONFLICT',
      `This archive comes from a newer Piste (${manifest.app.version}, ${manifest.migrations} migrations; this code has ${known}): upgrade this copy first (git pull, npm ci, npm run build), then restore.`,
    );
  }
  return manifest;
}
