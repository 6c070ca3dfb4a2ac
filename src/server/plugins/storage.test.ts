import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { storedFiles } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { SAMPLE } from '../test/files.ts';
import { useTestApp } from '../test/helper.ts';
import { storedNames } from '../test/stored-files.ts';
import { FILE_KINDS } from './file-types.ts';
import { checkUpload, storeFiles } from './storage.ts';

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

const filesOnDisk = () => storedNames(t.app);

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

  it('refuses a file that is also a web page: a PDF or an image with HTML in its first bytes', () => {
    const html = (head: Buffer, markup: string) => Buffer.concat([head, Buffer.from(markup)]);
    const pdfPage = html(SAMPLE.pdf.subarray(0, 9), '<html><body><script>alert(document.cookie)</script>');
    expect(refusal(() => checkUpload(upload(pdfPage, 'policy.pdf'), 'organizationDocument')).fields).toEqual({
      document: ['Please select a PDF file.'],
    });
    // nor does it pass as text, where a PDF is also accepted
    expect(refusal(() => checkUpload(upload(pdfPage, 'entry.pdf'), 'bookingDocument')).message).toBe(
      'Please select a PDF, DOC, DOCX or TXT file.',
    );
    expect(
      refusal(() => checkUpload(upload(html(SAMPLE.jpg, '<!DOCTYPE html><p>hi'), 'a.jpg', 'image'), 'eventImage'))
        .message,
    ).toBe('Please select a JPG file for the image.');
    expect(
      refusal(() => checkUpload(upload(html(SAMPLE.png, '\n<SCRIPT src=x>'), 'a.png', 'logo'), 'eventLogo')).message,
    ).toBe('Please select a PNG file for the logo.');
    expect(
      refusal(() => checkUpload(upload(html(SAMPLE.docx, '<svg onload=alert(1)>'), 'a.docx'), 'bookingDocument'))
        .status,
    ).toBe(400);
  });

  it('looks for HTML only where a browser would sniff, and not in what is really text or image metadata', () => {
    // HTML past the first 1445 bytes: a browser sniffing the file never sees it
    const deep = Buffer.concat([SAMPLE.pdf, Buffer.alloc(1445 - SAMPLE.pdf.length, 0x20), Buffer.from('<html>')]);
    expect(checkUpload(upload(deep, 'a.pdf'), 'organizationDocument').type.ext).toBe('pdf');
    const edge = Buffer.concat([SAMPLE.pdf, Buffer.alloc(1444 - SAMPLE.pdf.length, 0x20), Buffer.from('<html>')]);
    expect(refusal(() => checkUpload(upload(edge, 'a.pdf'), 'organizationDocument')).status).toBe(400);
    // a photo's XMP metadata is XML, not a page
    const xmp = Buffer.concat([SAMPLE.jpg, Buffer.from('<?xpacket begin=""?><x:xmpmeta><rdf:RDF><dc:title/>')]);
    expect(checkUpload(upload(xmp, 'a.jpg', 'image'), 'eventImage').type.ext).toBe('jpg');
    // a text file that holds markup is text, and is served as text
    expect(checkUpload(upload(Buffer.from('<html> notes'), 'a.txt'), 'bookingDocument').type.ext).toBe('txt');
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
    expect(res.headers['content-security-policy']).toBe('sandbox');
    expect(res.rawPayload.equals(SAMPLE.docx)).toBe(true);
  });

  it('serves PDFs and office documents as sandboxed downloads, images inline', async () => {
    const stored = async (bytes: Buffer, name: string, kind: 'bookingDocument' | 'picture') =>
      storeFiles(t.app.ctx, { f: checkUpload(upload(bytes, name), kind) }, async (k) => k.f);
    const cases = [
      { key: await stored(SAMPLE.pdf, 'policy.pdf', 'bookingDocument'), type: 'application/pdf', as: 'attachment' },
      { key: await stored(SAMPLE.doc, 'entry.doc', 'bookingDocument'), type: 'application/msword', as: 'attachment' },
      {
        key: await stored(SAMPLE.txt, 'times.txt', 'bookingDocument'),
        type: 'text/plain; charset=utf-8',
        as: 'attachment',
      },
      { key: await stored(SAMPLE.jpg, 'slope.jpg', 'picture'), type: 'image/jpeg', as: 'inline' },
    ];
    for (const c of cases) {
      const res = await t.app.inject({ method: 'GET', url: `/media/${c.key}` });
      expect(res.headers['content-type'], c.key).toBe(c.type);
      expect(res.headers['content-disposition'], c.key).toMatch(new RegExp(`^${c.as}; filename="`));
      // whatever a browser makes of it, it runs no script with the site's origin
      expect(res.headers['content-security-policy'], c.key).toBe('sandbox');
      expect(res.headers['x-content-type-options'], c.key).toBe('nosniff');
    }
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
