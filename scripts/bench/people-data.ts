/**
 * The people benchmark's data: 5,000 accounts with profiles (most of them racers), link requests,
 * 40 race events and 20,000 bookings, written straight into a database before the app starts
 * (issue 8: "with 5,000 users and 20,000 bookings in the database"). Deterministic: the same rows
 * every run. One account is the bench's administrator, with a known password.
 */
import { hashPassword } from '../../src/server/accounts/passwords.ts';
import { type Database, migrateDatabase } from '../../src/server/db/client.ts';
import { bookings, events, linkRequests, profiles, users } from '../../src/server/db/schema.ts';

export const PEOPLE = 5_000;
export const BOOKINGS = 20_000;
const EVENTS = 40;
const LINK_REQUESTS = 2_000;
export const BENCH_ADMIN = { username: 'benchadmin', password: 'Bench#Admin2026' };

const FIRST = [
  'Ada',
  'Ben',
  'Chloe',
  'Dan',
  'Ella',
  'Finn',
  'Grace',
  'Harry',
  'Isla',
  'Jack',
  'Kate',
  'Leo',
  'Mia',
  'Noah',
  'Olivia',
  'Pete',
  'Quinn',
  'Ruby',
  'Sam',
  'Tom',
];
const LAST = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Johnson',
  'Davies',
  'Robinson',
  'Wright',
  'Thompson',
  'Evans',
  'Walker',
  'White',
  'Roberts',
  'Green',
  'Hall',
  'Wood',
  'Jackson',
  'Clarke',
];
const CLUBS = [
  'WELWYN_GARDEN_CITY_SKI_RACE_CLUB',
  'VIKINGS_SKI_RACE_TEAM',
  'ESSEX_SKI_RACING_CLUB',
  'HEMEL_SKI_RACE_CLUB',
  'MK_SKI_RACE_TEAM',
  'NORFOLK_SNOWSPORTS_CLUB_RACE_TEAM',
  'OTHER',
];

/** A small fixed-seed generator, so that every run writes the same people. */
function generator(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

async function inBatches<T>(rows: T[], size: number, write: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
}

export async function seedPeople(database: Database): Promise<void> {
  await migrateDatabase(database);
  const { db } = database;
  const random = generator(2026);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const hash = await hashPassword(BENCH_ADMIN.password);

  const userRows = Array.from({ length: PEOPLE }, (_, i) => {
    const first = pick(FIRST);
    const last = pick(LAST);
    const username = i === 0 ? BENCH_ADMIN.username : `${first}${last}${i}`.toLowerCase();
    return {
      username,
      email: `${username}@example.org`,
      passwordHash: hash,
      firstName: first,
      lastName: last,
      ...(i === 0 ? { role: 'admin' as const, adminLevel: 'SUPER' as const, isSuperuser: true } : {}),
    };
  });
  const ids: number[] = [];
  await inBatches(userRows, 500, async (batch) => {
    const inserted = await db.insert(users).values(batch).returning({ id: users.id });
    ids.push(...inserted.map((r) => r.id));
  });

  let racerNumber = 100;
  const profileRows = ids.map((userId, i) => {
    const racer = i > 0 && random() < 0.8;
    const status =
      random() < 0.85 ? ('APPROVED' as const) : random() < 0.5 ? ('PENDING' as const) : ('REJECTED' as const);
    const year = 2006 + Math.floor(random() * 14);
    return {
      userId,
      isRacer: racer,
      isRacerConfirmed: racer ? status : ('PENDING' as const),
      racerId: racer && status === 'APPROVED' ? ++racerNumber : null,
      dateOfBirth: racer ? `${year}-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 9)}` : null,
      gender: racer ? pick(['MALE', 'FEMALE'] as const) : null,
      skiOrBoard: racer ? ('SKI' as const) : null,
      localClub: racer ? pick(CLUBS) : '',
      contactNumber: '01234 567890',
      emergencyContactName: 'Pat Morgan',
      emergencyContactNumber: '01234 567891',
      acceptTermsAndConditions: true,
      archived: i > 0 && random() < 0.03,
    };
  });
  await inBatches(profileRows, 500, (batch) => db.insert(profiles).values(batch));

  const links = Array.from({ length: LINK_REQUESTS }, (_, i) => ({
    requesterId: ids[1 + 2 * i] as number,
    targetId: ids[2 + 2 * i] as number,
    status: pick(['PENDING', 'APPROVED', 'REJECTED'] as const),
  }));
  await inBatches(links, 500, (batch) => db.insert(linkRequests).values(batch));

  // 40 race events of 500 places, each full: 20,000 bookings of the first 500 × 40 pairs
  const perEvent = BOOKINGS / EVENTS;
  const eventRows = Array.from({ length: EVENTS }, (_, i) => ({
    name: `Bench Race ${i + 1}`,
    slug: `bench-race-${i + 1}-2027`,
    date: `2027-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 27)).padStart(2, '0')}`,
    slopeName: 'Hemel',
    eventType: 'race' as const,
    quantity: perEvent,
    booked: perEvent,
    pricePence: 2500,
    registrationOpen: '2026-01-01',
    registrationOpenTime: '09:00',
    registrationClose: '2026-12-31',
    registrationCloseTime: '18:00',
  }));
  const eventIds = (await db.insert(events).values(eventRows).returning({ id: events.id })).map((r) => r.id);
  const bookingRows = eventIds.flatMap((eventId, e) =>
    Array.from({ length: perEvent }, (_, j) => ({
      eventId,
      userId: ids[1 + ((e * 37 + j) % (PEOPLE - 1))] as number,
      bookedById: ids[0] as number,
      source: 'ADMIN' as const,
    })),
  );
  await inBatches(bookingRows, 1_000, (batch) => db.insert(bookings).values(batch).onConflictDoNothing());
}
