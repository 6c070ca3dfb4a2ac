import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { families, users } from '../db/schema.ts';
import { createUser, type FixtureUser, login } from '../test/fixtures.ts';
import { bearer, useTestApp } from '../test/helper.ts';

const t = useTestApp();

interface Member {
  user: FixtureUser;
  headers: { authorization: string };
}

async function member(username: string, kind: 'user' | 'admin' | 'super' = 'user'): Promise<Member> {
  const user = await createUser(t.app, { username, kind });
  return { user, headers: bearer((await login(t.app, user)).access) };
}

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who?: Member, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload === undefined ? {} : { payload }) });

const familyOf = async (who: Member) =>
  (await t.app.ctx.db.select({ familyId: users.familyId }).from(users).where(eq(users.id, who.user.id)))[0]?.familyId ??
  null;

/** Links `a` and `b` the way the product does: a request, then an administrator's approval. */
async function link(a: Member, b: Member, admin: Member): Promise<number> {
  const made = await call('POST', '/api/v1/link-request/', a, { target_user: b.user.username });
  expect(made.statusCode).toBe(201);
  const decided = await call('POST', `/api/v1/admin/link-requests/${made.json().id}/`, admin, { action: 'approve' });
  expect(decided.statusCode).toBe(200);
  const id = await familyOf(a);
  if (id === null) throw new Error('no family after approval');
  return id;
}

let parent: Member;
let child: Member;
let sibling: Member;
let admin: Member;
let superAdmin: Member;

beforeEach(async () => {
  parent = await member('pat.parent');
  child = await member('charlie.child');
  sibling = await member('sam.sibling');
  admin = await member('ada.admin', 'admin');
  superAdmin = await member('sue.super', 'super');
});

describe('a member leaves their family', () => {
  it('leaves a family of three: the other two stay together', async () => {
    const id = await link(parent, child, admin);
    await link(parent, sibling, admin);
    const res = await call('DELETE', '/api/v1/family/', child);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'You have left your family.' });
    expect(await familyOf(child)).toBeNull();
    expect(await familyOf(parent)).toBe(id);
    expect(await familyOf(sibling)).toBe(id);
    const profile = (await call('GET', '/api/v1/profile/', parent)).json();
    expect(profile.family.members.map((m: { username: string }) => m.username).sort()).toEqual([
      'pat.parent',
      'sam.sibling',
    ]);
  });

  it('dissolves a family of two, and the two may ask to link again', async () => {
    const id = await link(parent, child, admin);
    expect((await call('DELETE', '/api/v1/family/', parent)).statusCode).toBe(200);
    expect(await familyOf(parent)).toBeNull();
    expect(await familyOf(child)).toBeNull();
    expect(await t.app.ctx.db.select().from(families).where(eq(families.id, id))).toEqual([]);
    const again = await call('POST', '/api/v1/link-request/', child, { target_user: parent.user.username });
    expect(again.statusCode).toBe(201);
  });

  it('answers 404 with a message when the account is in no family, and 401 without a token', async () => {
    const res = await call('DELETE', '/api/v1/family/', parent);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('Your account is not in a family.');
    expect((await call('DELETE', '/api/v1/family/')).statusCode).toBe(401);
  });

  it('two leaves at once: one succeeds, the other finds no family, and nothing is left half-done', async () => {
    await link(parent, child, admin);
    const [a, b] = await Promise.all([
      call('DELETE', '/api/v1/family/', parent),
      call('DELETE', '/api/v1/family/', child),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 404]);
    expect(await familyOf(parent)).toBeNull();
    expect(await familyOf(child)).toBeNull();
  });
});

describe('a super administrator removes a member', () => {
  it('removes one member and answers the family as it is now', async () => {
    const id = await link(parent, child, admin);
    await link(parent, sibling, admin);
    const res = await call('DELETE', `/api/v1/admin/families/${id}/members/${sibling.user.id}/`, superAdmin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const [names] = await t.app.ctx.db
      .select({ first: users.firstName, last: users.lastName })
      .from(users)
      .where(eq(users.id, sibling.user.id));
    expect(body.message).toBe(`${names?.first} ${names?.last} was removed from the family.`);
    expect(body.members.map((m: { username: string }) => m.username)).toEqual(['pat.parent', 'charlie.child']);
    expect(await familyOf(sibling)).toBeNull();
  });

  it('answers 404 for an account of another family, and for an unknown family', async () => {
    const id = await link(parent, child, admin);
    const other = await call('DELETE', `/api/v1/admin/families/${id}/members/${sibling.user.id}/`, superAdmin);
    expect(other.statusCode).toBe(404);
    expect(other.json().error).toBe('That account is not in this family.');
    const unknown = await call('DELETE', `/api/v1/admin/families/${id + 99}/members/${child.user.id}/`, superAdmin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('Family not found.');
    expect(await familyOf(child)).toBe(id);
  });

  it('refuses an ordinary administrator and a member (403), leaving the family as it was', async () => {
    const id = await link(parent, child, admin);
    for (const who of [admin, parent]) {
      const res = await call('DELETE', `/api/v1/admin/families/${id}/members/${child.user.id}/`, who);
      expect(res.statusCode).toBe(403);
    }
    expect(await familyOf(child)).toBe(id);
  });
});
