import { readdir } from 'node:fs/promises';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { storedFiles } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { SAMPLE } from '../test/files.ts';
import { useTestApp } from '../test/helper.ts';
import { FILE_KINDS } from './file-types.ts';
import { checkUpload, storeFiles, uploadsDir } from './storage.ts';

const t = useTestApp();

const upload = (bytes: Buffer, filename = 'file.bin', field = 'document') => ({ field, filename, bytes });

function refusal(fn: () => unknown): AppError {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

async function filesOnDisk(): Promise<string[]> {
  return readdir(uploadsDir(t.app.ctx.config)).catch(() => []);
}

describe('checking uploads by content', () => {
  it('accepts each kind’s real types whatever the name says', () => {
    expect(checkUpload(upload(SAMPLE.jpg, 'photo.png', 'image'), 'eventImage').type.ext).toBe('jpg');
    expect(checkUpload(upload(SAMPLE.png, 'logo', 'logo'), 'eventLogo').type.ext).toBe('png');
    for (const ext of ['pdf', 'doc', 'docx', 'txt'] as const) {
      expect(checkUpload(upload(SAMPLE[ext], `entry.${ext}`), 'bookingDocument').type.ext).toBe(ext);
    }
  });

  it('refuses an .exe renamed to .pdf, with the kind’s message on its field', () => {
    const error = refusal(() => checkUpload(upload(SAMPLE.exe, 'timetable.pdf'), 'bookingDocument'));
    expect(error.status).toBe(400);
    expect(error.fields).toEqual({ document: ['Please select a PDF, DOC, DOCX or TXT file.'] });
    expect(refusal(() => checkUpload(upload(SAMPLE.exe, 'policy.pdf'), 'organizationDocument')).message).toBe(
      'Please select a PDF file.',
    );
  });

  it('refuses a png as the event image and a jpg as the logo, with the spec’s messages', () => {
    expect(refusal(() => checkUpload(upload(SAMPLE.png, 'a.jpg', 'image'), 'eventImage')).message).toBe(
      'Please select a JPG file for the image.',
    );
    expect(refusal(() => checkUpload(upload(SAMPLE.jpg, 'a.png', 'logo'), 'eventLogo')).message).toBe(
      'Please select a PNG file for the logo.',
    );
  });

  it('refuses a file one byte over its kind’s limit and accepts one at the limit', () => {
    const limit = FILE_KINDS.eventLogo.maxBytes;
    const atLimit = Buffer.concat([SAMPLE.png, Buffer.alloc(limit - SAMPLE.png.length)]);
    expect(checkUpload(upload(atLimit, 'l.png', 'logo'), 'eventLogo').bytes.length).toBe(limit);
    const over = Buffer.concat([atLimit, Buffer.alloc(1)]);
    const error = refusal(() => checkUpload(upload(over, 'l.png', 'logo'), 'eventLogo'));
    expect(error.status).toBe(413);
    expect(error.message).toBe('The logo must be 2 MB or smaller.');
  });

  it('refuses empty and binary "text"', () => {
    expect(refusal(() => checkUpload(upload(Buffer.alloc(0), 'a.txt'), 'bookingDocument')).status).toBe(400);
    expect(refusal(() => checkUpload(upload(Buffer.from([0x41, 0x00, 0x42]), 'a.txt'), 'bookingDocument')).status).toBe(
      400,
    );
  });
});

describe('storing files', () => {
  it('stores under a generated name and serves the real type and original name', async () => {
    const checked = checkUpload(upload(SAMPLE.docx, '../../Entry Form (2026).docx'), 'bookingDocument');
    const key = await storeFiles(t.app.ctx, { document: checked }, async (keys) => keys.document);
    expect(key).toMatch(/^[a-f0-9]{32}\.docx$/);
    expect(await filesOnDisk()).toContain(key);

    const res = await t.app.inject({ method: 'GET', url: `/media/${key}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(res.headers['content-disposition']).toContain('attachment; filename="Entry Form (2026).docx"');
    expect(res.rawPayload.equals(SAMPLE.docx)).toBe(true);
  });

  it('serves a pdf inline', async () => {
    const key = await storeFiles(
      t.app.ctx,
      { f: checkUpload(upload(SAMPLE.pdf, 'policy.pdf'), 'organizationDocument') },
      async (k) => k.f,
    );
    const res = await t.app.inject({ method: 'GET', url: `/media/${key}` });
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="policy.pdf"/);
  });

  it('leaves nothing on disk or in the database when the work fails', async () => {
    const before = await filesOnDisk();
    const checked = checkUpload(upload(SAMPLE.pdf, 'a.pdf'), 'bookingDocument');
    await expect(
      storeFiles(t.app.ctx, { document: checked }, async () => {
        throw new Error('database said no');
      }),
    ).rejects.toThrow('database said no');
    expect(await filesOnDisk()).toEqual(before);
    const [row] = await t.app.ctx.db.select({ n: count() }).from(storedFiles);
    expect(row?.n).toBe(0);
  });

  it('answers 404 for unknown keys and never reads a path from the address', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/media/0123456789abcdef0123456789abcdef.pdf' })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: '/media/..%2F..%2Fpackage.json' })).statusCode).toBe(404);
    const [row] = await t.app.ctx.db.select().from(storedFiles).where(eq(storedFiles.key, 'x'));
    expect(row).toBeUndefined();
  });
});
