import { hashPassword } from '../accounts/passwords.ts';
import type { App } from '../app.ts';
import { profiles, users } from '../db/schema.ts';

export interface FixtureUser {
  id: number;
  username: string;
  password: string;
  firstName: string;
  lastName: string;
}

type Kind = 'user' | 'admin' | 'super';

const LEVELS: Record<Kind, Partial<typeof users.$inferInsert>> = {
  user: {},
  admin: { role: 'admin', adminLevel: 'ADMIN' },
  super: { role: 'admin', adminLevel: 'SUPER', isSuperuser: true },
};

let counter = 0;

/** Inserts a user with a profile straight into the database (no API), for arranging tests. */
export async function createUser(
  app: App,
  options: { kind?: Kind; username?: string; password?: string; email?: string; racer?: boolean } = {},
): Promise<FixtureUser> {
  counter += 1;
  const lastName = `User${counter}`;
  const username = options.username ?? `testuser${String(counter).padStart(4, '0')}`;
  const password = options.password ?? 'Secret#Pass1';
  const [user] = await app.ctx.db
    .insert(users)
    .values({
      username,
      email: options.email ?? `${username}@example.com`,
      passwordHash: await hashPassword(password),
      firstName: 'Test',
      lastName,
      // on the app's clock, so that tests which move time see a consistent history
      passwordChangedAt: app.ctx.now(),
      createdAt: app.ctx.now(),
      ...LEVELS[options.kind ?? 'user'],
    })
    .returning({ id: users.id });
  if (!user) throw new Error('createUser: insert returned nothing');
  await app.ctx.db.insert(profiles).values({
    userId: user.id,
    isRacer: options.racer ?? false,
    emergencyContactName: 'Pat Morgan',
    emergencyContactNumber: '01234 567891',
    acceptTermsAndConditions: true,
    ...(options.racer
      ? {
          dateOfBirth: '2012-05-05',
          gender: 'FEMALE' as const,
          skiOrBoard: 'SKI' as const,
          localClub: 'HEMEL_SKI_RACE_CLUB',
        }
      : {}),
  });
  return { id: user.id, username, password, firstName: 'Test', lastName };
}

/** Signs in through the API; returns the access token and the refresh cookie. */
export async function login(
  app: App,
  user: { username: string; password: string },
): Promise<{ access: string; cookie: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/login/',
    payload: { username: user.username, password: user.password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed (${res.statusCode}): ${res.body}`);
  const setCookie = res.headers['set-cookie'];
  const cookie = (Array.isArray(setCookie) ? setCookie[0] : setCookie)?.split(';')[0] ?? '';
  return { access: (res.json() as { access: string }).access, cookie };
}

/** A user of the given kind, signed in: `{ user, access }`. */
export async function signedIn(app: App, kind: Kind = 'user') {
  const user = await createUser(app, { kind });
  const { access, cookie } = await login(app, user);
  return { user, access, cookie };
}
