import { describe, expect, it } from 'vitest';
import { json } from '../test/helper.ts';
import { expectAdminOnly, nextIp, tokens, useContentTestApp } from './test-support.ts';

const t = useContentTestApp();

const send = (first: string, message: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/contact/',
    payload: { 'first-name': first, 'last-name': 'Walker', email: `${first.toLowerCase()}@example.com`, message },
    remoteAddress: nextIp(),
  });

type Listed = { unread: number; count: number; results: { id: number; first_name: string; read_at: string | null }[] };

describe('contact messages in the back office', () => {
  it('lists the newest first with the unread count; opening one marks it read, and it can be unread again', async () => {
    const { admin } = await tokens(t.app);
    expect((await send('Anna', 'First question')).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await send('Ben', 'Second question')).statusCode).toBe(200);
    const list = async () =>
      json<Listed>(await t.app.inject({ method: 'GET', url: '/api/v1/admin/contact-messages/', headers: admin }));
    const unread = async () =>
      json(await t.app.inject({ method: 'GET', url: '/api/v1/admin/contact-messages/unread-count/', headers: admin }));

    const before = await list();
    expect(before.unread).toBe(2);
    expect(before.count).toBe(2);
    expect(before.results.map((m) => [m.first_name, m.read_at])).toEqual([
      ['Ben', null],
      ['Anna', null],
    ]);
    const anna = before.results[1]?.id;

    t.clock.advance(5 * 60_000);
    const opened = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/contact-messages/${anna}/read/`,
      headers: admin,
    });
    expect(opened.statusCode).toBe(200);
    expect(json(opened)).toMatchObject({
      first_name: 'Anna',
      last_name: 'Walker',
      email: 'anna@example.com',
      message: 'First question',
      read_at: t.clock.now().toISOString(),
    });
    expect(await unread()).toEqual({ unread: 1 });
    // opening it again keeps the first reading's time
    const firstRead = t.clock.now().toISOString();
    t.clock.advance(60_000);
    await t.app.inject({ method: 'POST', url: `/api/v1/admin/contact-messages/${anna}/read/`, headers: admin });
    expect((await list()).results[1]?.read_at).toBe(firstRead);

    const back = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/contact-messages/${anna}/unread/`,
      headers: admin,
    });
    expect(json(back)).toMatchObject({ first_name: 'Anna', read_at: null });
    expect(await unread()).toEqual({ unread: 2 });
  });

  it('answers 404 for a message that does not exist', async () => {
    const { admin } = await tokens(t.app);
    for (const action of ['read', 'unread']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/contact-messages/999/${action}/`,
        headers: admin,
      });
      expect([res.statusCode, json(res).error]).toEqual([404, 'Message not found.']);
    }
  });

  it('is for administrators only', async () => {
    const { user } = await tokens(t.app);
    await expectAdminOnly(t.app, user, [
      { method: 'POST', url: '/api/v1/admin/contact-messages/1/read/' },
      { method: 'POST', url: '/api/v1/admin/contact-messages/1/unread/' },
    ]);
    for (const url of ['/api/v1/admin/contact-messages/', '/api/v1/admin/contact-messages/unread-count/']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url, headers: user })).statusCode).toBe(403);
    }
  });
});
