import { writeFile } from 'node:fs/promises';
import { count } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { FAULT_MSG } from '../../domain/faults.ts';
import { storedFiles } from '../db/schema.ts';
import { multipart, SAMPLE } from '../test/files.ts';
import { signedIn } from '../test/fixtures.ts';
import { bearer, useTestApp } from '../test/helper.ts';
import { storedNames } from '../test/stored-files.ts';
import { filesInDatabase } from './file-bytes.ts';
import { storageIo } from './storage.ts';

/**
 * Issue 24: an upload on a full disk answered 500 and left the part it had written behind, a
 * file no row records. It now answers 507 with words a person can act on, and keeps nothing. On
 * PostgreSQL the bytes go to the database (plugins/file-bytes.ts), whose full disk is its error
 * 53100 (disk_full), met after the first chunk was written in the transaction.
 */
const t = useTestApp();
const realIo = { ...storageIo };
afterEach(() => {
  Object.assign(storageIo, realIo);
});

/** A disk that takes the first `room` bytes of a file, then says it is full (as a real one does:
 * the start of the file is on disk when ENOSPC arrives). */
function diskFullAfter(room: number): void {
  if (filesInDatabase(t.app.ctx)) {
    storageIo.writeChunks = async (tx, key, served) => {
      await realIo.writeChunks(tx, key, served.subarray(0, room));
      throw Object.assign(new Error('could not extend file: No space left on device'), { code: '53100' });
    };
    return;
  }
  storageIo.writeFile = async (path, data) => {
    await writeFile(path, data.subarray(0, room), { flag: 'wx' });
    throw Object.assign(new Error(`ENOSPC: no space left on device, write`), { code: 'ENOSPC', errno: -28 });
  };
}

async function uploadDocument() {
  const admin = bearer((await signedIn(t.app, 'admin')).access);
  const body = multipart(
    { name: 'Policy' },
    { document: { filename: 'policy.pdf', bytes: SAMPLE.pdf, type: 'application/pdf' } },
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/organization-documents/create/',
    payload: body.payload,
    headers: { ...body.headers, ...admin },
  });
}

const filesOnDisk = () => storedNames(t.app);
const rows = async () => (await t.app.ctx.db.select({ n: count() }).from(storedFiles))[0]?.n;

describe('an upload on a full disk', () => {
  it('answers 507 with its message and leaves no file and no row', async () => {
    const before = await filesOnDisk();
    diskFullAfter(100);
    const res = await uploadDocument();
    expect(res.statusCode, res.body).toBe(507);
    expect(res.json()).toEqual({ error: FAULT_MSG.noRoom, code: 'INSUFFICIENT_STORAGE' });
    expect(await filesOnDisk()).toEqual(before);
    expect(await rows()).toBe(0);
  });

  it('with no room at all (nothing written) answers the same', async () => {
    const noRoom = () => Promise.reject(Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }));
    storageIo.writeFile = noRoom;
    storageIo.writeChunks = () =>
      Promise.reject(Object.assign(new Error('could not extend file: No space left on device'), { code: '53100' }));
    const res = await uploadDocument();
    expect(res.statusCode, res.body).toBe(507);
    expect(res.json()).toEqual({ error: FAULT_MSG.noRoom, code: 'INSUFFICIENT_STORAGE' });
    expect(await rows()).toBe(0);
  });

  it('stores the file once there is room again', async () => {
    diskFullAfter(10);
    expect((await uploadDocument()).statusCode).toBe(507);
    Object.assign(storageIo, realIo);
    const res = await uploadDocument();
    expect(res.statusCode, res.body).toBe(201);
    expect(await rows()).toBe(1);
    expect(await filesOnDisk()).toHaveLength(1);
  });
});
