import { describe, expect, it } from 'vitest';
import { organizationDocuments } from '../db/schema.ts';
import { FILE_KINDS } from '../plugins/file-types.ts';
import { SAMPLE } from '../test/files.ts';
import { json } from '../test/helper.ts';
import {
  expectAdminOnly,
  fieldErrors,
  filesStored,
  keyOf,
  sendForm,
  storedFileCount,
  tokens,
  useContentTestApp,
} from './test-support.ts';

const t = useContentTestApp();

const pdf = (filename = 'policy.pdf') => ({ document: { filename, bytes: SAMPLE.pdf } });
const create = (headers: Record<string, string>, fields: Record<string, string>, files = {}) =>
  sendForm(t.app, 'POST', '/api/v1/organization-documents/create/', headers, fields, files);
const update = (headers: Record<string, string>, id: number, fields: Record<string, string>, files = {}) =>
  sendForm(t.app, 'PUT', `/api/v1/organization-documents/update/${id}/`, headers, fields, files);
const list = async () =>
  json<{ id: number; name: string; document: string }[]>(
    await t.app.inject({ method: 'GET', url: '/api/v1/organization-documents/' }),
  );

describe('organisation documents', () => {
  it('creates a document and lists { id, name, document } by name, publicly', async () => {
    const { admin } = await tokens(t.app);
    const res = await create(admin, { name: 'Safeguarding Policy' }, pdf('Safeguarding Policy 2026.pdf'));
    expect(res.statusCode).toBe(201);
    expect(json(res)).toEqual({
      id: 1,
      name: 'Safeguarding Policy',
      document: expect.stringMatching(/^\/media\/[a-f0-9]{32}\.pdf$/),
    });
    await create(admin, { name: 'Code of Conduct' }, pdf());
    const docs = await list();
    expect(docs.map((d) => d.name)).toEqual(['Code of Conduct', 'Safeguarding Policy']);
    expect(Object.keys(docs[0] ?? {})).toEqual(['id', 'name', 'document']);

    const file = await t.app.inject({ method: 'GET', url: docs[1]?.document ?? '' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('filename="Safeguarding Policy 2026.pdf"');
    expect(file.rawPayload.equals(SAMPLE.pdf)).toBe(true);
  });

  it('needs a name and a PDF file, with the spec’s messages', async () => {
    const { admin } = await tokens(t.app);
    expect(fieldErrors(await create(admin, { name: '' }))).toEqual({
      name: ['Document name is required'],
      document: ['Please select a PDF file.'],
    });
    expect(fieldErrors(await create(admin, {}, pdf()))).toEqual({ name: ['Document name is required'] });
    expect(fieldErrors(await create(admin, { name: 'Rules' }))).toEqual({ document: ['Please select a PDF file.'] });
    expect(await list()).toEqual([]);
  });

  it('refuses an .exe renamed to .pdf and writes nothing: no row, no stored file, no file on disk', async () => {
    const { admin } = await tokens(t.app);
    const before = await filesStored(t.app);
    const res = await create(
      admin,
      { name: 'Code of Conduct' },
      { document: { filename: 'conduct.pdf', bytes: SAMPLE.exe } },
    );
    expect(fieldErrors(res)).toEqual({ document: ['Please select a PDF file.'] });
    expect(json(res).error).toBe('Please select a PDF file.');
    expect(await t.app.ctx.db.select().from(organizationDocuments)).toEqual([]);
    expect(await storedFileCount(t.app)).toBe(0);
    expect(await filesStored(t.app)).toEqual(before);
  });

  it('refuses a Word file, and a PDF over the upload limit with a clear message', async () => {
    const { admin } = await tokens(t.app);
    expect(
      fieldErrors(await create(admin, { name: 'Rules' }, { document: { filename: 'r.doc', bytes: SAMPLE.doc } })),
    ).toEqual({
      document: ['Please select a PDF file.'],
    });
    const big = Buffer.concat([SAMPLE.pdf, Buffer.alloc(FILE_KINDS.organizationDocument.maxBytes)]);
    const res = await create(admin, { name: 'Rules' }, { document: { filename: 'r.pdf', bytes: big } });
    expect(res.statusCode).toBe(413);
    expect(json(res).error).toBe('The file is too large (10 MB at most).');
    expect(await storedFileCount(t.app)).toBe(0);
  });

  it('renames without a file, replaces the file and deletes the old one', async () => {
    const { admin } = await tokens(t.app);
    const created = json(await create(admin, { name: 'Code of conduct' }, pdf()));
    const oldKey = keyOf(String(created.document));

    const renamed = await update(admin, 1, { name: 'Code of Conduct' });
    expect(json(renamed)).toEqual({ id: 1, name: 'Code of Conduct', document: created.document });

    const replaced = await update(admin, 1, {}, pdf('v2.pdf'));
    expect(replaced.statusCode).toBe(200);
    const newKey = keyOf(json(replaced).document as string);
    expect(newKey).not.toBe(oldKey);
    expect(await filesStored(t.app)).toEqual([newKey]);
    expect(await storedFileCount(t.app)).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: `/media/${oldKey}` })).statusCode).toBe(404);
    expect(await list()).toEqual([{ id: 1, name: 'Code of Conduct', document: `/media/${newKey}` }]);
  });

  it('keeps the old file when an update is refused', async () => {
    const { admin } = await tokens(t.app);
    const created = json(await create(admin, { name: 'Rules' }, pdf()));
    const res = await update(admin, 1, { name: ' ' }, { document: { filename: 'x.pdf', bytes: SAMPLE.exe } });
    expect(fieldErrors(res)).toEqual({ name: ['Document name is required'], document: ['Please select a PDF file.'] });
    expect(await list()).toEqual([created]);
    expect(await filesStored(t.app)).toEqual([keyOf(String(created.document))]);
  });

  it('deletes a document and its file (204); 404 for an unknown one', async () => {
    const { admin } = await tokens(t.app);
    await create(admin, { name: 'Rules' }, pdf());
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/organization-documents/delete/1/',
      headers: admin,
    });
    expect(res.statusCode).toBe(204);
    expect(await list()).toEqual([]);
    expect(await storedFileCount(t.app)).toBe(0);
    expect(await filesStored(t.app)).toEqual([]);
    const again = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/organization-documents/delete/1/',
      headers: admin,
    });
    expect(again.statusCode).toBe(404);
    expect(json(again).error).toBe('Document not found.');
    expect((await update(admin, 1, { name: 'X' })).statusCode).toBe(404);
  });

  it('answers 401 without a token and 403 to a user on every admin call', async () => {
    const { admin, user } = await tokens(t.app);
    await create(admin, { name: 'Rules' }, pdf());
    await expectAdminOnly(t.app, user, [
      { method: 'POST', url: '/api/v1/organization-documents/create/' },
      { method: 'PUT', url: '/api/v1/organization-documents/update/1/' },
      { method: 'DELETE', url: '/api/v1/organization-documents/delete/1/' },
    ]);
    expect(await list()).toHaveLength(1);
  });

  it('shows a new document on the very next read, though reads are cached', async () => {
    const { admin } = await tokens(t.app);
    expect(await list()).toEqual([]);
    await create(admin, { name: 'Safeguarding Policy' }, pdf());
    expect((await list()).map((d) => d.name)).toEqual(['Safeguarding Policy']);
  });
});
