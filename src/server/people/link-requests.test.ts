import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { profiles, users } from '../db/schema.ts';
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

const ask = (from: Member, target: string) => call('POST', '/api/v1/link-request/', from, { target_user: target });
const decide = (admin: Member, id: number, action: string) =>
  call('POST', `/api/v1/admin/link-requests/${id}/`, admin, { action });
const familyOf = async (user: FixtureUser) =>
  (await t.app.ctx.db.select({ familyId: users.familyId }).from(users).where(eq(users.id, user.id)))[0]?.familyId ??
  null;
const profileFamily = async (who: Member) =>
  (await call('GET', '/api/v1/profile/', who)).json().family as { members: { username: string }[] } | null;

let parent: Member;
let child: Member;
let admin: Member;

beforeEach(async () => {
  parent = await member('pat.parent');
  child = await member('charlie.child');
  admin = await member('ada.admin', 'admin');
});

describe('a member’s link requests', () => {
  it('asks to link to another username (any case) and lists it for both accounts', async () => {
    const res = await ask(parent, 'CHARLIE.child');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      requesting_user_name: 'pat.parent',
      target_user_name: 'charlie.child',
      target_user: 'charlie.child',
      status: 'PENDING',
    });
    for (const who of [parent, child]) {
      const list = (await call('GET', '/api/v1/link-request/', who)).json();
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ requesting_user_name: 'pat.parent', status: 'PENDING' });
    }
    expect((await call('GET', '/api/v1/link-request/', admin)).json()).toEqual([]);
  });

  it('refuses an unknown or archived username, the user’s own, and an empty one, with the error field', async () => {
    const archived = await createUser(t.app, { username: 'gone.away' });
    await t.app.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, archived.id));
    const shelved = await createUser(t.app, { username: 'shelved.profile' });
    await t.app.ctx.db.update(profiles).set({ archived: true }).where(eq(profiles.userId, shelved.id));
    const cases: [string, string][] = [
      ['nobody.here', 'No account has that username.'],
      ['gone.away', 'No account has that username.'],
      ['shelved.profile', 'No account has that username.'],
      ['Pat.Parent', 'You cannot link your account to itself.'],
      ['   ', 'Enter the username of the account to link to.'],
    ];
    for (const [target, message] of cases) {
      const res = await ask(parent, target);
      expect(res.statusCode, target).toBe(400);
      expect(res.json().error, target).toBe(message);
      expect(res.json().errors.target_user, target).toEqual([message]);
    }
    expect((await call('POST', '/api/v1/link-request/', parent, {})).json().error).toBe(
      'Enter the username of the account to link to.',
    );
    const control = await ask(parent, 'charlie\u0000child');
    expect(control.statusCode).toBe(400);
    expect((await ask(parent, 'x'.repeat(151))).statusCode).toBe(400);
  });

  it('refuses a second request between the same two accounts while one waits, either way round', async () => {
    expect((await ask(parent, 'charlie.child')).statusCode).toBe(201);
    const again = await ask(parent, 'charlie.child');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('A link request between you and charlie.child is already waiting for approval.');
    expect((await ask(child, 'pat.parent')).statusCode).toBe(409);
  });

  it('makes one request when the same one is sent twice at once', async () => {
    const [a, b] = await Promise.all([ask(parent, 'charlie.child'), ask(parent, 'charlie.child')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect((await call('GET', '/api/v1/link-request/', parent)).json()).toHaveLength(1);
  });

  it('lets the maker cancel a pending request, and nobody else', async () => {
    const { id } = (await ask(parent, 'charlie.child')).json();
    const stranger = await member('sam.stranger');
    const refused = await call('DELETE', `/api/v1/link-request/${id}/`, stranger);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toBe('Link request not found.');
    expect((await call('DELETE', `/api/v1/link-request/${id}/`, child)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/v1/link-request/${id}/`, parent)).statusCode).toBe(204);
    expect((await call('GET', '/api/v1/link-request/', parent)).json()).toEqual([]);
    expect((await call('DELETE', `/api/v1/link-request/${id}/`, parent)).statusCode).toBe(404);
  });

  it('lets the account named reject a pending request, not its maker or a stranger', async () => {
    const { id } = (await ask(parent, 'charlie.child')).json();
    const stranger = await member('sam.stranger');
    expect((await call('POST', `/api/v1/link-request/${id}/`, stranger)).statusCode).toBe(404);
    const byMaker = await call('POST', `/api/v1/link-request/${id}/`, parent);
    expect(byMaker.statusCode).toBe(403);
    expect(byMaker.json().error).toBe('Only the account asked can reject a link request.');
    const rejected = await call('POST', `/api/v1/link-request/${id}/`, child);
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().status).toBe('REJECTED');
    const twice = await call('POST', `/api/v1/link-request/${id}/`, child);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('Only a pending link request can be rejected.');
    // a rejected request no longer blocks a new one
    expect((await ask(parent, 'charlie.child')).statusCode).toBe(201);
  });

  it('needs a sign-in', async () => {
    expect((await call('GET', '/api/v1/link-request/')).statusCode).toBe(401);
    expect((await call('POST', '/api/v1/link-request/', undefined, { target_user: 'x' })).statusCode).toBe(401);
  });
});

describe('families', () => {
  it('are formed only by an approved request', async () => {
    const { id } = (await ask(parent, 'charlie.child')).json();
    expect(await familyOf(parent.user)).toBeNull();
    expect(await profileFamily(parent)).toBeNull();
    // the member's own reject does not link
    const other = await member('olly.other');
    const second = (await ask(other, 'pat.parent')).json();
    await call('POST', `/api/v1/link-request/${second.id}/`, parent);
    expect(await familyOf(other.user)).toBeNull();

    const approved = await decide(admin, id, 'approve');
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'APPROVED', message: 'Link request approved.' });
    const familyId = await familyOf(parent.user);
    expect(familyId).not.toBeNull();
    expect(await familyOf(child.user)).toBe(familyId);
    expect(approved.json().family_id).toBe(familyId);
    expect((await profileFamily(parent))?.members.map((m) => m.username)).toEqual(['pat.parent', 'charlie.child']);
    expect((await profileFamily(child))?.members.map((m) => m.username)).toEqual(['pat.parent', 'charlie.child']);
    const again = await ask(parent, 'charlie.child');
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(`You are already linked to ${child.user.firstName} ${child.user.lastName}.`);
  });

  it('merge when two accounts of two families are linked', async () => {
    const sibling = await member('sky.sibling');
    const aunt = await member('alex.aunt');
    await decide(admin, (await ask(parent, 'charlie.child')).json().id, 'approve');
    await decide(admin, (await ask(aunt, 'sky.sibling')).json().id, 'approve');
    const first = await familyOf(parent.user);
    const second = await familyOf(aunt.user);
    expect(first).not.toBe(second);
    const merged = await decide(admin, (await ask(child, 'sky.sibling')).json().id, 'approve');
    expect(merged.statusCode).toBe(200);
    const family = await familyOf(parent.user);
    expect(family).toBe(Math.min(first ?? 0, second ?? 0));
    for (const who of [child, sibling, aunt]) expect(await familyOf(who.user)).toBe(family);
    const view = await call('GET', `/api/v1/admin/families/${family}/`, admin);
    expect(
      view
        .json()
        .members.map((m: { username: string }) => m.username)
        .sort(),
    ).toEqual(['alex.aunt', 'charlie.child', 'pat.parent', 'sky.sibling'].sort());
    expect((await call('GET', `/api/v1/admin/families/${Math.max(first ?? 0, second ?? 0)}/`, admin)).statusCode).toBe(
      404,
    );
  });

  it('lose the account named when an approved request is rejected after all; a family of one is dissolved', async () => {
    const { id } = (await ask(parent, 'charlie.child')).json();
    await decide(admin, id, 'approve');
    const undone = await decide(admin, id, 'reject');
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toMatchObject({ status: 'REJECTED', message: 'Link request rejected.', family_id: null });
    expect(await familyOf(child.user)).toBeNull();
    expect(await familyOf(parent.user)).toBeNull();
    expect(await profileFamily(parent)).toBeNull();
  });
});

describe('the administrators’ link requests', () => {
  it('approve or reject, refusing the state a request is already in', async () => {
    const { id } = (await ask(parent, 'charlie.child')).json();
    expect((await decide(admin, id, 'reject')).json().status).toBe('REJECTED');
    const same = await decide(admin, id, 'reject');
    expect(same.statusCode).toBe(409);
    expect(same.json().error).toBe('The link request is already rejected.');
    expect((await decide(admin, id, 'approve')).json().status).toBe('APPROVED');
    expect((await decide(admin, id, 'approve')).json().error).toBe('The link request is already approved.');
    expect((await decide(admin, id, 'maybe')).statusCode).toBe(400);
    expect((await decide(admin, 999_999, 'approve')).statusCode).toBe(404);
  });

  it('tell the request’s maker of the decision by e-mail', async () => {
    const { id } = (await ask(parent, 'charlie.child')).json();
    t.outbox.clear();
    await decide(admin, id, 'approve');
    await t.flushMail();
    expect(t.outbox.last()).toMatchObject({
      to: 'pat.parent@example.com',
      subject: 'ERSA: your link request was approved',
    });
    expect(t.outbox.last()?.text).toContain('charlie.child');
  });

  it('are refused to members, and a member cannot approve their own request', async () => {
    const { id } = (await ask(parent, 'charlie.child')).json();
    expect((await decide(parent, id, 'approve')).statusCode).toBe(403);
    expect((await decide(child, id, 'approve')).statusCode).toBe(403);
    expect((await call('GET', '/api/v1/admin/link-requests/', parent)).statusCode).toBe(403);
    expect((await call('GET', '/api/v1/admin/families/1/', parent)).statusCode).toBe(403);
    expect(await familyOf(parent.user)).toBeNull();
  });

  it('list 50 a page, newest first, by status (all when none is given) and search', async () => {
    const makers: Member[] = [];
    for (let i = 0; i < 3; i++) makers.push(await member(`maker.${i}`));
    // 52 pending, 1 approved, 1 rejected: the makers ask each of many targets
    const targets: FixtureUser[] = [];
    for (let i = 0; i < 18; i++) targets.push(await createUser(t.app, { username: `target.${i}` }));
    for (const maker of makers) {
      for (const target of targets) {
        t.clock.advance(1000);
        expect((await ask(maker, target.username)).statusCode).toBe(201);
      }
    }
    const list = (query: string) => call('GET', `/api/v1/admin/link-requests/${query}`, admin);
    const all = (await list('?status=PENDING')).json();
    expect(all.count).toBe(54);
    expect(all.results).toHaveLength(50);
    expect(all.results[0]).toMatchObject({ requesting_user_name: 'maker.2', target_user_name: 'target.17' });
    const page2 = (await list('?status=PENDING&page=2')).json();
    expect(page2.results).toHaveLength(4);
    expect(page2.results.at(-1)).toMatchObject({ requesting_user_name: 'maker.0', target_user_name: 'target.0' });
    expect((await list('?status=PENDING&page=9')).json().results).toEqual([]);

    await decide(admin, all.results[0].id, 'approve');
    await decide(admin, all.results[1].id, 'reject');
    expect((await list('?status=APPROVED')).json().count).toBe(1);
    expect((await list('?status=REJECTED')).json().count).toBe(1);
    expect((await list('?status=PENDING')).json().count).toBe(52);
    expect((await list('')).json().count).toBe(54);
    expect((await list('?status=ALL')).json().count).toBe(54);

    const found = (await list('?search=TARGET.1')).json();
    // target.1 and target.10 … target.17, asked by three makers each
    expect(found.count).toBe(27);
    expect((await list('?search=maker.1&status=PENDING')).json().count).toBe(18);
    expect((await list(`?search=${encodeURIComponent('%')}`)).json().count).toBe(0);
    const row = (await list('?search=maker.0')).json().results[0];
    expect(row).toMatchObject({
      requesting_user_first_name: 'Test',
      requesting_user_racer_id: null,
      target_user_first_name: 'Test',
    });
    expect(row.requesting_user_last_name).toMatch(/^User\d+$/);
    for (const bad of ['?page=0', '?page=abc', '?page=1e3', '?status=pending', `?search=${'x'.repeat(101)}`]) {
      expect((await list(bad)).statusCode, bad).toBe(400);
    }
  });
});
