/** Shared pieces of the start-list tests (not a test file itself). */
import { eq, sql } from 'drizzle-orm';
import type { App } from '../app.ts';
import { bookings, events, profiles, users } from '../db/schema.ts';
import { createUser } from '../test/fixtures.ts';

export interface RacerSpec {
  first: string;
  last: string;
  racerId: number | null;
  born: string;
  gender: 'MALE' | 'FEMALE';
  club: string;
}

/** The five racers of the Race Horology fixture (src/domain/results/fixtures/race-horology-export.csv). */
export const FIXTURE_RACERS: RacerSpec[] = [
  { first: 'Ann', last: 'Ávila', racerId: 101, born: '2014-03-01', gender: 'FEMALE', club: 'HEMEL_SKI_RACE_CLUB' },
  { first: 'Ben', last: "O'Neil", racerId: 102, born: '2015-06-30', gender: 'MALE', club: 'VIKINGS_SKI_RACE_TEAM' },
  {
    first: 'Cara',
    last: 'Smith-Jones',
    racerId: 103,
    born: '2016-01-09',
    gender: 'FEMALE',
    club: 'HEMEL_SKI_RACE_CLUB',
  },
  { first: 'Dan', last: 'Lee', racerId: 104, born: '2010-11-11', gender: 'MALE', club: 'ESSEX_SKI_RACING_CLUB' },
  { first: 'Eve', last: 'Park', racerId: 105, born: '2013-02-02', gender: 'FEMALE', club: 'MK_SKI_RACE_TEAM' },
];

/** An approved racer with the given name, racer number, birth date, gender and club. */
export async function racer(app: App, spec: RacerSpec): Promise<number> {
  const u = await createUser(app, { racer: true });
  await app.ctx.db.update(users).set({ firstName: spec.first, lastName: spec.last }).where(eq(users.id, u.id));
  await app.ctx.db
    .update(profiles)
    .set({
      racerId: spec.racerId,
      isRacerConfirmed: 'APPROVED',
      dateOfBirth: spec.born,
      gender: spec.gender,
      localClub: spec.club,
    })
    .where(eq(profiles.userId, u.id));
  return u.id;
}

/** A booking (as a paid or added place is), counted on the event. */
export async function book(app: App, eventId: number, userId: number): Promise<void> {
  await app.ctx.db.insert(bookings).values({ eventId, userId, source: 'ADMIN' });
  await app.ctx.db
    .update(events)
    .set({ booked: sql`${events.booked} + 1` })
    .where(eq(events.id, eventId));
}

/** A racer to vary: Ann Ávila's details. */
export const ANN: RacerSpec = {
  first: 'Ann',
  last: 'Ávila',
  racerId: 101,
  born: '2014-03-01',
  gender: 'FEMALE',
  club: 'HEMEL_SKI_RACE_CLUB',
};
