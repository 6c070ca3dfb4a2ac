import { chmod, mkdir, rm } from 'node:fs/promises';
import { createConnection, createServer, type Socket } from 'node:net';
import { isAbsolute, join } from 'node:path';
import { z } from 'zod';
import type { App } from '../app.ts';
import { PRIVATE_FILE, PRIVATE_FOLDER } from '../data-dir.ts';
import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { uploadsDir } from '../plugins/storage.ts';
import { type BackupResult, makeBackup } from './backup.ts';

/**
 * The administrator's local command (docs/decisions/0034-backups-and-restores.md). The embedded
 * database belongs to one process, so while the server runs, `npm run backup` asks it to make the
 * backup: the server listens on a Unix socket inside DATA_DIR, in a folder only its own OS user
 * may enter (0700) and with the socket itself 0600 — whoever can connect can already read
 * DATA_DIR. No network address, no HTTP route. One JSON line asks, one JSON line answers.
 */
export function localCommandSocket(dataDir: string): string {
  return join(dataDir, 'run', 'command.sock');
}

/** Linux's limit on a socket's path (108 bytes with the final NUL). */
const MAX_SOCKET_PATH = 107;
const MAX_REQUEST_BYTES = 4096;

const Request = z.object({ command: z.literal('backup'), out: z.string().refine(isAbsolute) });
const Answer = z.union([
  z.object({ ok: z.literal(true), archive: z.string(), bytes: z.number(), uploads: z.number() }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);

export interface LocalCommands {
  close(): Promise<void>;
}

/** Reads one line (at most MAX_REQUEST_BYTES) from a socket. */
function readLine(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
      const end = text.indexOf('\n');
      if (end !== -1) resolve(text.slice(0, end));
      else if (text.length > MAX_REQUEST_BYTES) reject(new Error('request too long'));
    });
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}

/**
 * Listens for local commands when the site runs on the embedded database in a folder (on
 * PostgreSQL `npm run backup` reaches the database itself). A socket left by a killed server is
 * replaced: this process holds DATA_DIR's lock, so no other server uses it.
 */
export async function listenForLocalCommands(app: App, database: Pick<Database, 'kind'>): Promise<LocalCommands> {
  const { dataDir } = app.ctx.config;
  const none = { close: async () => {} };
  if (database.kind !== 'pglite' || dataDir.startsWith('memory://')) return none;
  const path = localCommandSocket(dataDir);
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH) {
    app.log.warn(`${path} is too long for a socket: npm run backup works only while the server is stopped`);
    return none;
  }
  await mkdir(join(dataDir, 'run'), { recursive: true, mode: PRIVATE_FOLDER });
  await chmod(join(dataDir, 'run'), PRIVATE_FOLDER);
  await rm(path, { force: true });
  let busy = false;
  const server = createServer((socket) => {
    void (async () => {
      let answer: z.infer<typeof Answer>;
      try {
        const request = Request.safeParse(JSON.parse(await readLine(socket)));
        if (!request.success) throw new AppError('BAD_REQUEST', 'Unknown local command.');
        if (busy) throw new AppError('CONFLICT', 'A backup is being made already: wait for it to finish.');
        busy = true;
        try {
          const source = {
            db: app.ctx.db,
            kind: 'pglite' as const,
            uploadsDir: uploadsDir(app.ctx.config),
            now: app.ctx.now,
          };
          const result = await makeBackup(source, request.data.out);
          app.log.info(`backup written: ${result.archive} (${result.bytes} bytes)`);
          answer = { ok: true, ...result };
        } finally {
          busy = false;
        }
      } catch (error) {
        app.log.warn(`local command failed: ${(error as Error).message}`);
        answer = { ok: false, error: (error as Error).message };
      }
      socket.end(`${JSON.stringify(answer)}\n`);
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve());
  });
  await chmod(path, PRIVATE_FILE);
  return {
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(path, { force: true });
    },
  };
}

/** Asks the server running on `dataDir` for a backup into `out` (absolute). */
export async function askForBackup(dataDir: string, pid: number, out: string): Promise<BackupResult> {
  const path = localCommandSocket(dataDir);
  const socket = createConnection(path);
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
  } catch {
    socket.destroy();
    throw new AppError(
      'UNAVAILABLE',
      `The server (process ${pid}) holds the embedded database in DATA_DIR=${dataDir} but does not answer on ${path}: stop it, then run npm run backup again.`,
    );
  }
  socket.write(`${JSON.stringify({ command: 'backup', out })}\n`);
  const answer = Answer.parse(JSON.parse(await readLine(socket)));
  socket.destroy();
  if (!answer.ok) throw new AppError('INTERNAL', `The server could not make the backup: ${answer.error}`);
  return { archive: answer.archive, bytes: answer.bytes, uploads: answer.uploads };
}
