import { describe, expect, it } from 'vitest';
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

const HELEN = { first_name: 'Helen', last_name: 'Marsh', position: 'Chair' };
const photo = (bytes = SAMPLE.jpg) => ({ photo: { filename: 'helen.jpg', bytes } });
const create = (headers: Record<string, string>, fields: Record<string, string>, files = {}) =>
  sendForm(t.app, 'POST', '/api/v1/team-members/create/', headers, fields, files);
const update = (headers: Record<string, string>, id: number, fields: Record<string, string>, files = {}) =>
  sendForm(t.app, 'PUT', `/api/v1/team-members/update/${id}/`, headers, fields, files);
const list = async () =>
  json<Record<string, unknown>[]>(await t.app.inject({ method: 'GET', url: '/api/v1/team-members/' }));

describe('team members', () => {
  it('creates members with or without a photo and lists them publicly in the order added', async () => {
    const { admin } = await tokens(t.app);
    const res = await create(admin, HELEN, photo());
    expect(res.statusCode).toBe(201);
    expect(json(res)).toEqual({ id: 1, ...HELEN, photo: expect.stringMatching(/^\/media\/[a-f0-9]{32}\.jpg$/) });
    await create(admin, { first_name: 'David', last_name: 'Okafor', position: 'Race Secretary' });
    const members = await list();
    expect(members).toEqual([
      json(res),
      { id: 2, first_name: 'David', last_name: 'Okafor', position: 'Race Secretary', photo: null },
    ]);
  });

  it('needs first name, last name and position, with the spec’s messages', async () => {
    const { admin } = await tokens(t.app);
    expect(fieldErrors(await create(admin, { first_name: ' ' }))).toEqual({
      first_name: ['First name is required'],
      last_name: ['Last name is required'],
      position: ['Position is required'],
    });
    expect(await list()).toEqual([]);
  });

  it('refuses a photo that is not an image and writes nothing', async () => {
    const { admin } = await tokens(t.app);
    const before = await filesStored(t.app);
    expect(fieldErrors(await create(admin, HELEN, photo(SAMPLE.pdf)))).toEqual({
      photo: ['Please select a JPG, PNG or WEBP image.'],
    });
    expect(await list()).toEqual([]);
    expect(await storedFileCount(t.app)).toBe(0);
    expect(await filesStored(t.app)).toEqual(before);
  });

  it('refuses a photo over 5 MB with the picture’s own message', async () => {
    const { admin } = await tokens(t.app);
    const big = Buffer.concat([SAMPLE.jpg, Buffer.alloc(FILE_KINDS.picture.maxBytes)]);
    const res = await create(admin, HELEN, photo(big));
    expect(res.statusCode).toBe(413);
    expect(json(res).error).toBe('The image must be 5 MB or smaller.');
    expect(await list()).toEqual([]);
    expect(await filesStored(t.app)).toEqual([]);
  });

  it('updates sent fields, replaces the photo (old file deleted) and removes it with photo_clear', async () => {
    const { admin } = await tokens(t.app);
    const created = json(await create(admin, HELEN, photo()));
    const first = keyOf(String(created.photo));
    const res = await update(
      admin,
      1,
      { position: 'President' },
      { photo: { filename: 'new.png', bytes: SAMPLE.png } },
    );
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body).toMatchObject({ ...HELEN, position: 'President' });
    const second = keyOf(String(body.photo));
    expect(await filesStored(t.app)).toEqual([second]);
    expect(first).not.toBe(second);

    const cleared = await update(admin, 1, { photo_clear: 'true' });
    expect(json(cleared)).toEqual({ id: 1, ...HELEN, position: 'President', photo: null });
    expect(await filesStored(t.app)).toEqual([]);
    expect(await storedFileCount(t.app)).toBe(0);
    expect(fieldErrors(await update(admin, 1, { last_name: '' }))).toEqual({ last_name: ['Last name is required'] });
  });

  it('deletes a member and the photo (204); 404 for an unknown one', async () => {
    const { admin } = await tokens(t.app);
    await create(admin, HELEN, photo());
    const res = await t.app.inject({ method: 'DELETE', url: '/api/v1/team-members/delete/1/', headers: admin });
    expect(res.statusCode).toBe(204);
    expect(await list()).toEqual([]);
    expect(await filesStored(t.app)).toEqual([]);
    const again = await t.app.inject({ method: 'DELETE', url: '/api/v1/team-members/delete/1/', headers: admin });
    expect(again.statusCode).toBe(404);
    expect(json(again).error).toBe('Team member not found.');
    expect((await update(admin, 5, HELEN)).statusCode).toBe(404);
  });

  it('answers 401 without a token and 403 to a user on every admin call', async () => {
    const { admin, user } = await tokens(t.app);
    await create(admin, HELEN);
    await expectAdminOnly(t.app, user, [
      { method: 'POST', url: '/api/v1/team-members/create/' },
      { method: 'PUT', url: '/api/v1/team-members/update/1/' },
      { method: 'DELETE', url: '/api/v1/team-members/delete/1/' },
    ]);
    expect(await list()).toHaveLength(1);
  });

  it('shows a change on the very next read, though reads are cached', async () => {
    const { admin } = await tokens(t.app);
    await create(admin, HELEN);
    expect((await list())[0]?.position).toBe('Chair');
    await update(admin, 1, { position: 'Vice Chair' });
    expect((await list())[0]?.position).toBe('Vice Chair');
  });
});
