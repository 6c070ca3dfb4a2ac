import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { families, profiles, users } from '../db/schema.ts';
import { createUser, type FixtureUser, login } from '../test/fixtures.ts';
import { bearer, useTestApp } from '../test/helper.ts';

const t = useTestApp();
let admin: { authorization: string };

beforeEach(async () => {
  const user = await createUser(t.app, { username: 'ada.admin', kind: 'admin' });
  admin = bearer((await login(t.app, user)).access);
});

const profileOf = async (user: FixtureUser) =>
  (await t.app.ctx.db.select().from(profiles).where(eq(profiles.userId, user.id)))[0];
const list = (query = '') => t.app.inject({ method: 'GET', url: `/api/v1/profiles/racers/${query}`, headers: admin });
const decide = async (user: FixtureUser, status: string, headers = admin) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/profiles/update/${(await profileOf(user))?.id}/`,
    headers,
    payload: { is_racer_confirmed: status },
  });

describe('the racers list', () => {
  it('lists accounts that race, not the others nor archived ones, oldest first, 50 a page', async () => {
    const racers: FixtureUser[] = [];
    for (let i = 0; i < 52; i++) racers.push(await createUser(t.app, { username: `racer.${i}`, racer: true }));
    await createUser(t.app, { username: 'not.racing' });
    const archived = await createUser(t.app, { username: 'racer.archived', racer: true });
    await t.app.ctx.db.update(profiles).set({ archived: true }).where(eq(profiles.userId, archived.id));

    const first = (await list()).json();
    expect(first.count).toBe(52);
    expect(first.results).toHaveLength(50);
    expect(first.results[0]).toMatchObject({
      is_racer: true,
      is_racer_confirmed: 'PENDING',
      racer_id: null,
      user: { username: 'racer.0', email: 'racer.0@example.com' },
      date_of_birth: '2012-05-05',
      gender: 'FEMALE',
      local_club: 'HEMEL_SKI_RACE_CLUB',
      archived: false,
    });
    expect((await list('?page=2')).json().results.map((r: { user: { username: string } }) => r.user.username)).toEqual([
      'racer.50',
      'racer.51',
    ]);
    const usernames = first.results.map((r: { user: { username: string } }) => r.user.username);
    expect(usernames).not.toContain('not.racing');
    expect(usernames).not.toContain('racer.archived');
  });

  it('filters by confirmation status and searches names, usernames, e-mails and racer numbers', async () => {
    const pat = await createUser(t.app, { username: 'pat.slalom', racer: true });
    const sam = await createUser(t.app, { username: 'sam.giant', racer: true });
    await createUser(t.app, { username: 'kim.super', racer: true });
    await decide(pat, 'APPROVED');
    await decide(sam, 'REJECTED');
    expect((await list('?racer_status=PENDING')).json().count).toBe(1);
    expect((await list('?racer_status=APPROVED')).json().results[0].user.username).toBe('pat.slalom');
    expect((await list('?racer_status=REJECTED')).json().results[0].user.username).toBe('sam.giant');
    expect((await list('?racer_status=ALL')).json().count).toBe(3);
    expect((await list('?search=SAM.G')).json().count).toBe(1);
    expect((await list('?search=kim.super%40example')).json().count).toBe(1);
    const number = (await profileOf(pat))?.racerId;
    expect((await list(`?search=${number}`)).json().results[0].user.username).toBe('pat.slalom');
    expect((await list('?search=nobody')).json()).toEqual({ count: 0, results: [] });
    for (const bad of ['?racer_status=approved', '?page=0', `?search=${'y'.repeat(101)}`]) {
      expect((await list(bad)).statusCode, bad).toBe(400);
    }
  });
});

describe('approving and rejecting a racer', () => {
  it('gives the next racer number on approval, one past the highest ever given, never one twice', async () => {
    const a = await createUser(t.app, { username: 'racer.a', racer: true });
    const b = await createUser(t.app, { username: 'racer.b', racer: true });
    const c = await createUser(t.app, { username: 'racer.c', racer: true });
    const numbered = await createUser(t.app, { username: 'racer.numbered', racer: true });
    await t.app.ctx.db.update(profiles).set({ racerId: 500 }).where(eq(profiles.userId, numbered.id));

    const approved = await decide(a, 'APPROVED');
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      is_racer_confirmed: 'APPROVED',
      racer_id: 501,
      message: 'Racer approved.',
    });
    expect((await decide(b, 'APPROVED')).json().racer_id).toBe(502);
    // 502 taken away by hand (the Users form): it is still never given again
    await t.app.ctx.db.update(profiles).set({ racerId: null }).where(eq(profiles.userId, b.id));
    expect((await decide(c, 'APPROVED')).json().racer_id).toBe(503);
    // a racer with a number keeps it
    expect((await decide(numbered, 'APPROVED')).json().racer_id).toBe(500);
  });

  it('gives two racers approved at once two numbers', async () => {
    const a = await createUser(t.app, { username: 'racer.a', racer: true });
    const b = await createUser(t.app, { username: 'racer.b', racer: true });
    const [x, y] = await Promise.all([decide(a, 'APPROVED'), decide(b, 'APPROVED')]);
    expect([x.json().racer_id, y.json().racer_id].sort()).toEqual([1, 2]);
  });

  it('rejects, refuses the state a racer is already in, and keeps the number through a change of mind', async () => {
    const a = await createUser(t.app, { username: 'racer.a', racer: true });
    expect((await decide(a, 'REJECTED')).json()).toMatchObject({ is_racer_confirmed: 'REJECTED', racer_id: null });
    const again = await decide(a, 'REJECTED');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('The racer is already rejected.');
    const number = (await decide(a, 'APPROVED')).json().racer_id;
    expect((await decide(a, 'APPROVED')).json().error).toBe('The racer is already approved.');
    expect((await decide(a, 'REJECTED')).json().racer_id).toBe(number);
    // PENDING alone is the edit form putting a racer back to waiting (users panel); the number stays
    expect((await decide(a, 'PENDING')).json()).toMatchObject({ is_racer_confirmed: 'PENDING', racer_id: number });
  });

  it('refuses a profile that does not race, an unknown one, other fields, and members', async () => {
    const member = await createUser(t.app, { username: 'not.racing' });
    const notRacer = await decide(member, 'APPROVED');
    expect(notRacer.statusCode).toBe(404);
    expect(notRacer.json().error).toBe('Racer not found.');
    const unknown = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/profiles/update/99999/',
      headers: admin,
      payload: { is_racer_confirmed: 'APPROVED' },
    });
    expect(unknown.statusCode).toBe(404);
    const racer = await createUser(t.app, { username: 'racer.a', racer: true });
    const extra = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/profiles/update/${(await profileOf(racer))?.id}/`,
      headers: admin,
      payload: { is_racer_confirmed: 'APPROVED', username: 'someone.else' },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().errors).toEqual({ username: ['Unknown field: username'] });
    const asMember = bearer((await login(t.app, member)).access);
    expect((await decide(racer, 'APPROVED', asMember)).statusCode).toBe(403);
    expect((await profileOf(racer))?.isRacerConfirmed).toBe('PENDING');
  });

  it('tells the racer and their family by e-mail', async () => {
    const child = await createUser(t.app, { username: 'charlie.child', racer: true });
    const parent = await createUser(t.app, { username: 'pat.parent' });
    // a family made directly: how families are formed is the link requests' test
    const [family] = await t.app.ctx.db.insert(families).values({}).returning({ id: families.id });
    await t.app.ctx.db.update(users).set({ familyId: family?.id }).where(eq(users.id, child.id));
    await t.app.ctx.db.update(users).set({ familyId: family?.id }).where(eq(users.id, parent.id));
    t.outbox.clear();
    await decide(child, 'APPROVED');
    await t.flushMail();
    expect(t.outbox.messages.map((m) => m.to).sort()).toEqual(['charlie.child@example.com', 'pat.parent@example.com']);
    for (const message of t.outbox.messages)
      expect(message.subject).toMatch(/^ERSA: Test User\d+ is approved to race$/);
    expect(t.outbox.messages[0]?.text).toContain('can be entered for races');
  });
});
