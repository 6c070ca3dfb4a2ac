import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { eventOn, parentTrail } from '../accounts/data-rights-support.ts';
import { bookings, mailOutbox, users } from '../db/schema.ts';
import { entrantMessages } from '../db/schema-events.ts';
import { createUser, type FixtureUser, login } from '../test/fixtures.ts';
import { bearer, useTestApp } from '../test/helper.ts';
import { raceEventRow } from './booked-test-support.ts';

const t = useTestApp();
let admin: FixtureUser;
let adminHeaders: { authorization: string };

const url = (eventId: number) => `/api/v1/products/booked-participants/${eventId}/messages/`;
const send = (eventId: number, payload: object, headers = adminHeaders) =>
  t.app.inject({ method: 'POST', url: url(eventId), headers, payload });

/** Books `participant` on the event, as `by` booked it. */
async function book(eventId: number, participant: FixtureUser, by: FixtureUser = participant) {
  await t.app.ctx.db
    .insert(bookings)
    .values({ eventId, userId: participant.id, bookedById: by.id, source: 'FREE', createdAt: t.clock.now() });
}
const setEmail = (user: FixtureUser, email: string) =>
  t.app.ctx.db.update(users).set({ email }).where(eq(users.id, user.id));

beforeEach(async () => {
  admin = await createUser(t.app, { kind: 'admin' });
  adminHeaders = bearer((await login(t.app, admin)).access);
});

describe('messages to entrants', () => {
  it('e-mails each address once (a child without one through the parent who booked), and records who sent it', async () => {
    const eventId = await raceEventRow(t.app, {
      name: 'Hemel Open Slalom',
      slug: 'hemel-open-slalom-2027',
      date: '2027-03-28',
      startTime: '09:30',
    });
    const parent = await createUser(t.app, { email: 'parent@example.com' });
    const childA = await createUser(t.app, { email: 'parent@example.com', racer: true });
    const childB = await createUser(t.app, { racer: true });
    await setEmail(childB, '');
    const adult = await createUser(t.app, { email: 'Adult@Example.com', racer: true });
    await book(eventId, childA, parent);
    await book(eventId, childB, parent);
    await book(eventId, adult);

    const before = await t.app.inject({ method: 'GET', url: url(eventId), headers: adminHeaders });
    expect(before.json()).toEqual({ recipients: 2, messages: [] });

    const preview = await t.app.inject({
      method: 'POST',
      url: `${url(eventId)}preview/`,
      headers: adminHeaders,
      payload: { subject: 'Start moved to 10:30', message: 'Hello all,\n\nThe first run starts at 10:30.' },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ subject: 'ERSA: Hemel Open Slalom: Start moved to 10:30', recipients: 2 });
    expect(preview.json().html).toContain('The first run starts at 10:30.');
    expect(await t.app.ctx.db.select().from(entrantMessages)).toEqual([]);

    const res = await send(eventId, {
      subject: ' Start moved to 10:30 ',
      message: 'Hello all,\n\nThe first run starts at 10:30.',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      subject: 'Start moved to 10:30',
      body: 'Hello all,\n\nThe first run starts at 10:30.',
      recipients: 2,
      sent_by: `${admin.firstName} ${admin.lastName}`,
      created_at: t.clock.now().toISOString(),
    });
    const [row] = await t.app.ctx.db.select().from(entrantMessages);
    expect(row).toMatchObject({ eventId, sentById: admin.id, recipients: 2 });
    const queued = await t.app.ctx.db.select().from(mailOutbox).orderBy(mailOutbox.id);
    expect(queued.map((m) => [m.template, m.recipient])).toEqual([
      ['entrant-message', 'parent@example.com'],
      ['entrant-message', 'Adult@Example.com'],
    ]);

    await t.flushMail();
    expect(t.outbox.messages.map((m) => m.to)).toEqual(['parent@example.com', 'Adult@Example.com']);
    const mail = t.outbox.messages[0];
    expect(mail?.subject).toBe('ERSA: Hemel Open Slalom: Start moved to 10:30');
    expect(mail?.text).toContain(
      'About your entry for Hemel Open Slalom (Sunday 28th March 2027, 09:30 UK time, Hemel)',
    );
    expect(mail?.text).toContain('Hello all,\n\nThe first run starts at 10:30.');
    expect(mail?.replyTo).toBe(t.app.ctx.config.association.email);

    const after = await t.app.inject({ method: 'GET', url: url(eventId), headers: adminHeaders });
    expect(after.json()).toEqual({ recipients: 2, messages: [res.json()] });
  });

  it('reaches a child with their own address and the parent who paid, once each, and not the administrator who added an entrant', async () => {
    const eventId = await eventOn(t.app, '2027-03-28');
    const parent = await createUser(t.app, { email: 'parent@example.com' });
    const child = await createUser(t.app, { email: 'emily@example.com', racer: true });
    await parentTrail(t.app, parent, child, eventId);
    const added = await createUser(t.app, { email: 'tom@example.com', racer: true });
    await t.app.ctx.db
      .insert(bookings)
      .values({ eventId, userId: added.id, bookedById: admin.id, source: 'ADMIN', createdAt: t.clock.now() });
    await t.app.ctx.db.delete(mailOutbox);

    const before = await t.app.inject({ method: 'GET', url: url(eventId), headers: adminHeaders });
    expect(before.json().recipients).toBe(3);
    const res = await send(eventId, { subject: 'Start moved to 10:30', message: 'The first run starts at 10:30.' });
    expect(res.json()).toMatchObject({ recipients: 3 });
    await t.flushMail();
    expect(t.outbox.messages.map((m) => [m.to, m.subject])).toEqual([
      ['emily@example.com', 'ERSA: Hemel Open Slalom: Start moved to 10:30'],
      ['parent@example.com', 'ERSA: Hemel Open Slalom: Start moved to 10:30'],
      ['tom@example.com', 'ERSA: Hemel Open Slalom: Start moved to 10:30'],
    ]);
  });

  it('refuses a missing or too long subject or message, control characters, and an event nobody entered', async () => {
    const eventId = await raceEventRow(t.app);
    const refused = async (payload: object) => {
      const res = await send(eventId, payload);
      return [res.statusCode, res.json().errors];
    };
    expect(await refused({ subject: '', message: ' ' })).toEqual([
      400,
      { subject: ['Subject is required'], message: ['Message is required'] },
    ]);
    expect(await refused({ subject: 'x'.repeat(151), message: 'ok' })).toEqual([
      400,
      { subject: ['Subject must be 150 characters or fewer'] },
    ]);
    expect(await refused({ subject: 'ok', message: 'x'.repeat(5001) })).toEqual([
      400,
      { message: ['Message must be 5000 characters or fewer'] },
    ]);
    expect(await refused({ subject: 'a\u0000b', message: 'ok' })).toEqual([
      400,
      { subject: ['Subject contains characters that are not allowed'] },
    ]);
    const nobody = await send(eventId, { subject: 'Hello', message: 'Anyone?' });
    expect([nobody.statusCode, nobody.json().error]).toEqual([
      400,
      'Nobody is booked on this event, so there is nobody to message.',
    ]);
    const missing = await send(999_999, { subject: 'Hello', message: 'Anyone?' });
    expect(missing.statusCode).toBe(404);
    expect(await t.app.ctx.db.select().from(entrantMessages)).toEqual([]);
    expect(await t.app.ctx.db.select().from(mailOutbox)).toEqual([]);
  });

  it('is for administrators only', async () => {
    const eventId = await raceEventRow(t.app);
    const member = await createUser(t.app, { racer: true });
    await book(eventId, member);
    const memberHeaders = bearer((await login(t.app, member)).access);
    expect((await send(eventId, { subject: 'Hi', message: 'There' }, memberHeaders)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: url(eventId), headers: memberHeaders })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: url(eventId), payload: { subject: 'Hi', message: 'x' } })).statusCode,
    ).toBe(401);
    expect(await t.app.ctx.db.select().from(mailOutbox)).toEqual([]);
  });
});
