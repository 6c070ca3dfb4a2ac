import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import { hashPassword } from '../accounts/passwords.ts';
import type { AppContext } from '../context.ts';
import { families, profiles, users } from '../db/schema.ts';
import { seedContent } from './seed-content.ts';
import { seedEvents } from './seed-events.ts';
import { seedPayments } from './seed-payments.ts';
import { seedResults } from './seed-results.ts';

type NewUser = typeof users.$inferInsert;
type NewProfile = Omit<typeof profiles.$inferInsert, 'userId'>;

interface DemoAccount {
  role: string;
  user: Omit<NewUser, 'passwordHash'>;
  password: string;
  profile: NewProfile;
  family?: 'jones';
}

const ADULT: NewProfile = {
  isRacer: false,
  contactNumber: '01234 567890',
  emergencyContactName: 'Pat Morgan',
  emergencyContactNumber: '01234 567891',
  acceptTermsAndConditions: true,
};

function racer(racerId: number, dob: string, gender: 'MALE' | 'FEMALE', club: string): NewProfile {
  return {
    ...ADULT,
    isRacer: true,
    isRacerConfirmed: 'APPROVED',
    racerId,
    dateOfBirth: dob,
    gender,
    skiOrBoard: 'SKI',
    localClub: club,
    permissionPhotographed: true,
    permissionNameOnPhotos: true,
  };
}

const ACCOUNTS: DemoAccount[] = [
  {
    role: 'super administrator',
    user: {
      username: 'superadmin',
      email: 'super@ersa.example',
      firstName: 'Sam',
      lastName: 'Taylor',
      role: 'admin',
      adminLevel: 'SUPER',
      isSuperuser: true,
    },
    password: 'Piste#Super1',
    profile: ADULT,
  },
  {
    role: 'administrator',
    user: {
      username: 'clubadmin',
      email: 'admin@ersa.example',
      firstName: 'Alex',
      lastName: 'Reid',
      role: 'admin',
      adminLevel: 'ADMIN',
    },
    password: 'Piste#Admin1',
    profile: ADULT,
  },
  {
    role: 'parent with two linked children',
    user: { username: 'sarahjones', email: 'sarah.jones@example.com', firstName: 'Sarah', lastName: 'Jones' },
    password: 'Piste#Parent1',
    profile: ADULT,
    family: 'jones',
  },
  {
    role: 'child racers (linked to the parent)',
    user: { username: 'tomjones1', email: 'sarah.jones@example.com', firstName: 'Tom', lastName: 'Jones' },
    password: 'Piste#Racer1',
    profile: racer(101, '2014-03-09', 'MALE', 'HEMEL_SKI_RACE_CLUB'),
    family: 'jones',
  },
  {
    role: 'child racers (linked to the parent)',
    user: { username: 'emilyjones', email: 'sarah.jones@example.com', firstName: 'Emily', lastName: 'Jones' },
    password: 'Piste#Racer1',
    profile: racer(102, '2016-11-21', 'FEMALE', 'HEMEL_SKI_RACE_CLUB'),
    family: 'jones',
  },
  {
    role: 'racers',
    user: { username: 'oliviabrown', email: 'olivia.brown@example.com', firstName: 'Olivia', lastName: 'Brown' },
    password: 'Piste#Racer1',
    profile: racer(103, '2011-06-15', 'FEMALE', 'ESSEX_SKI_RACING_CLUB'),
  },
  {
    role: 'racers',
    user: { username: 'harrysmith', email: 'harry.smith@example.com', firstName: 'Harry', lastName: 'Smith' },
    password: 'Piste#Racer1',
    profile: racer(104, '2012-01-30', 'MALE', 'WELWYN_GARDEN_CITY_SKI_RACE_CLUB'),
  },
  {
    role: 'racer awaiting approval',
    user: { username: 'noahwilson', email: 'noah.wilson@example.com', firstName: 'Noah', lastName: 'Wilson' },
    password: 'Piste#Racer1',
    profile: {
      ...racer(105, '2013-09-02', 'MALE', 'VIKINGS_SKI_RACE_TEAM'),
      racerId: null,
      isRacerConfirmed: 'PENDING',
    },
  },
];

export interface DemoSignIn {
  role: string;
  username: string;
  password: string;
}

/** The README's sign-ins, every account, which `npm start` prints (grouped by signInLines). */
export const DEMO_SIGN_INS: DemoSignIn[] = ACCOUNTS.map((a) => ({
  role: a.role,
  username: a.user.username,
  password: a.password,
}));

/** The sign-ins as `npm start` prints them, grouped as the README's table groups them: accounts
 * in a row of the same role and password share a line ("racers  oliviabrown, harrysmith / …"). */
export function signInLines(signIns: readonly DemoSignIn[]): string[] {
  const rows: { role: string; usernames: string[]; password: string }[] = [];
  for (const s of signIns) {
    const last = rows.at(-1);
    if (last && last.role === s.role && last.password === s.password) last.usernames.push(s.username);
    else rows.push({ role: s.role, usernames: [s.username], password: s.password });
  }
  return rows.map((r) => `  ${r.role.padEnd(36)} ${r.usernames.join(', ')} / ${r.password}`);
}

/** A password nobody has read in the README: 72 random bits, and it meets the password rule
 * (upper and lower case, a number, a special character, 16 characters). */
export function randomDemoPassword(): string {
  return `Dm#${randomBytes(9).toString('base64url')}7`;
}

/**
 * Fills an empty database with the demo accounts, events and content. Does nothing when any user
 * exists. In production (SEED_DEMO=true there is a deliberate choice) every demo account gets a
 * random password instead of the README's, and the sign-ins returned are the only place they
 * appear: the caller prints them once.
 */
export async function seedDemo(ctx: AppContext): Promise<{ summary: string; signIns: DemoSignIn[] } | null> {
  const [row] = await ctx.db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return null;
  const random = ctx.config.isProduction;
  const accounts = ACCOUNTS.map((a) => ({ ...a, password: random ? randomDemoPassword() : a.password }));
  await ctx.db.transaction(async (tx) => {
    const [family] = await tx.insert(families).values({}).returning();
    for (const account of accounts) {
      const [user] = await tx
        .insert(users)
        .values({
          ...account.user,
          passwordHash: await hashPassword(account.password),
          familyId: account.family ? family?.id : null,
        })
        .returning({ id: users.id });
      if (!user) throw new Error('seed: user insert returned nothing');
      await tx.insert(profiles).values({ ...account.profile, userId: user.id });
    }
  });
  await seedEvents(ctx);
  await seedPayments(ctx);
  await seedContent(ctx);
  await seedResults(ctx);
  const signIns = random
    ? accounts.map((a) => ({ role: a.role, username: a.user.username, password: a.password }))
    : DEMO_SIGN_INS;
  return { summary: `demo data seeded: ${ACCOUNTS.length} accounts`, signIns };
}
