import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { eventDocuments, storedFiles } from '../db/schema.ts';
import { SAMPLE } from '../test/files.ts';
import { signedIn } from '../test/fixtures.ts';
import { bearer, json } from '../test/helper.ts';
import { type Product, ProductDocumentSchema } from './shape.ts';
import {
  addDocument,
  createEvent,
  expectNothingWritten,
  mediaKey,
  NOW,
  sendForm,
  useEventsApp,
  written,
} from './test-support.ts';

const t = useEventsApp();
let access: string;
let race: Product;

beforeEach(async () => {
  t.clock.set(NOW);
  ({ access } = await signedIn(t.app, 'admin'));
  race = await createEvent(t.app, access);
});

const send = (
  fields: Record<string, string>,
  files: Record<string, { filename: string; bytes: Buffer }>,
  id = race.id,
) => sendForm(t.app, 'POST', `/api/v1/products/${id}/add-document/`, access, fields, files);

const BOTH = 'Please provide both a document name and a file.';

describe('POST /api/v1/products/{id}/add-document/', () => {
  it('attaches a named document: 201 with id, name, document and uploaded_at', async () => {
    const res = await send(
      { name: 'Timetable', product: String(race.id) },
      { document: { filename: 'Race Day.pdf', bytes: SAMPLE.pdf } },
    );
    expect(res.statusCode).toBe(201);
    const doc = json(res);
    expect(ProductDocumentSchema.parse(doc)).toEqual(doc);
    expect(doc).toEqual({
      id: expect.any(Number),
      name: 'Timetable',
      document: expect.stringMatching(/^\/media\/[a-f0-9]{32}\.pdf$/),
      uploaded_at: '2026-01-15T12:00:00.000Z',
    });
  });

  it('accepts pdf, doc, docx and txt by content, whatever the name', async () => {
    for (const ext of ['pdf', 'doc', 'docx', 'txt'] as const) {
      const res = await send({ name: ext }, { document: { filename: 'upload.bin', bytes: SAMPLE[ext] } });
      expect(res.statusCode, ext).toBe(201);
      expect(json(res).document, ext).toMatch(new RegExp(`\\.${ext}$`));
    }
  });

  it('documents download with their original name', async () => {
    const docx = await addDocument(t.app, access, race.id, 'Entry Form', {
      filename: 'Entry Form (2026).docx',
      bytes: SAMPLE.docx,
    });
    const res = await t.app.inject({ method: 'GET', url: docx.document });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Entry Form \(2026\)\.docx"/);
    expect(res.rawPayload.equals(SAMPLE.docx)).toBe(true);

    const pdf = await addDocument(t.app, access, race.id, 'Timetable', {
      filename: 'Timetable.pdf',
      bytes: SAMPLE.pdf,
    });
    const shown = await t.app.inject({ method: 'GET', url: pdf.document });
    expect(shown.headers['content-type']).toBe('application/pdf');
    expect(shown.headers['content-disposition']).toMatch(/^attachment; filename="Timetable.pdf"/);
  });

  it('refuses a missing name or file with the spec’s message, writing nothing', async () => {
    const noName = await expectNothingWritten(t.app, () =>
      send({ name: '  ' }, { document: { filename: 'a.pdf', bytes: SAMPLE.pdf } }),
    );
    expect(noName.statusCode).toBe(400);
    expect(json(noName)).toEqual({ error: BOTH, code: 'VALIDATION', errors: { name: [BOTH] } });
    const noFile = await expectNothingWritten(t.app, () => send({ name: 'Timetable', document: '' }, {}));
    expect(json(noFile).errors).toEqual({ document: [BOTH] });
    const neither = await expectNothingWritten(t.app, () => send({}, {}));
    expect(json(neither).errors).toEqual({ name: [BOTH], document: [BOTH] });
  });

  it('refuses an .exe renamed to .pdf, writing nothing', async () => {
    const res = await expectNothingWritten(t.app, () =>
      send({ name: 'Timetable' }, { document: { filename: 'timetable.pdf', bytes: SAMPLE.exe } }),
    );
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual({ document: ['Please select a PDF, DOC, DOCX or TXT file.'] });
  });

  it('refuses an image as a document', async () => {
    const res = await expectNothingWritten(t.app, () =>
      send({ name: 'Poster' }, { document: { filename: 'a.pdf', bytes: SAMPLE.jpg } }),
    );
    expect(res.statusCode).toBe(400);
  });

  it('refuses an oversize document with 413 and a clear message, writing nothing', async () => {
    const big = Buffer.concat([SAMPLE.pdf, Buffer.alloc(10 * 1024 * 1024 + 1 - SAMPLE.pdf.length, 0x20)]);
    const res = await expectNothingWritten(t.app, () =>
      send({ name: 'Huge' }, { document: { filename: 'huge.pdf', bytes: big } }),
    );
    expect(res.statusCode).toBe(413);
    expect(json(res)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', error: 'The file is too large (10 MB at most).' });
  });

  it('refuses a product field naming another event, and unknown fields', async () => {
    const file = { document: { filename: 'a.pdf', bytes: SAMPLE.pdf } };
    const other = await expectNothingWritten(t.app, () => send({ name: 'T', product: String(race.id + 1) }, file));
    expect(json(other).errors).toEqual({ product: ['The product does not match the event in the address.'] });
    const unknown = await expectNothingWritten(t.app, () => send({ name: 'T', uploaded_at: 'x' }, file));
    expect(json(unknown).errors).toEqual({ uploaded_at: ['Unknown field: uploaded_at'] });
  });

  it('answers 404 for an unknown event, writing nothing', async () => {
    const res = await expectNothingWritten(t.app, () =>
      send({ name: 'T' }, { document: { filename: 'a.pdf', bytes: SAMPLE.pdf } }, 9999),
    );
    expect(res.statusCode).toBe(404);
    expect(json(res).error).toBe('Event not found.');
  });
});

describe('DELETE /api/v1/products/documents/{id}/', () => {
  const del = (id: number) =>
    t.app.inject({ method: 'DELETE', url: `/api/v1/products/documents/${id}/`, headers: bearer(access) });

  it('answers 204 and removes the row, the stored file and its bytes', async () => {
    const doc = await addDocument(t.app, access, race.id);
    const key = mediaKey(doc.document);
    expect((await written(t.app)).files).toContain(key);
    const res = await del(doc.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await t.app.ctx.db.select().from(eventDocuments).where(eq(eventDocuments.id, doc.id))).toEqual([]);
    expect(await t.app.ctx.db.select().from(storedFiles).where(eq(storedFiles.key, key))).toEqual([]);
    expect((await written(t.app)).files).not.toContain(key);
    expect((await t.app.inject({ method: 'GET', url: doc.document })).statusCode).toBe(404);
  });

  it('answers 404 for an unknown document', async () => {
    const res = await del(9999);
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ error: 'Document not found.', code: 'NOT_FOUND' });
  });
});
