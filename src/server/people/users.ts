import { and, asc, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import { clubCode } from '../../domain/clubs.ts';
import { toCsv } from '../../domain/csv.ts';
import { racerNumberHeader } from '../../domain/people/booked.ts';
import type { AdminProfile } from '../../domain/people/profile.ts';
import { USERS_PAGE_SIZE, type UserSort } from '../../domain/people/users.ts';
import type { AppContext } from '../context.ts';
import { profiles, users } from '../db/schema.ts';
import { profilesPage } from './admin-profile.ts';
import { personMatches, racerNumberIn } from './search.ts';

export interface UsersQuery {
  sort: UserSort;
  search: string;
}

/** Approved racers first, then pending, rejected, and accounts that do not race. */
const racerRank = sql`case when ${profiles.isRacer} then case ${profiles.isRacerConfirmed} when 'APPROVED' then 0 when 'PENDING' then 1 else 2 end else 3 end`;

/** The order of each sort (docs/decisions/0016); the account's id breaks every tie. */
const ORDER: Record<UserSort, SQL[]> = {
  id_asc: [asc(users.id)],
  id_desc: [desc(users.id)],
  first_name_asc: [asc(sql`lower(${users.firstName})`), asc(users.id)],
  first_name_desc: [desc(sql`lower(${users.firstName})`), desc(users.id)],
  last_name_asc: [asc(sql`lower(${users.lastName})`), asc(users.id)],
  last_name_desc: [desc(sql`lower(${users.lastName})`), desc(users.id)],
  confirmed_racers: [asc(racerRank), desc(users.id)],
  dob_asc: [sql`${profiles.dateOfBirth} asc nulls last`, asc(users.id)],
  dob_desc: [sql`${profiles.dateOfBirth} desc nulls last`, desc(users.id)],
  archived: [desc(users.id)],
};

/** Archived accounts in the archived view, the others everywhere else (deleted ones nowhere); and the search. */
function where(query: UsersQuery): SQL | undefined {
  // a deleted account (issue 27) is in no list: only its orders are kept, without a name
  const conditions: (SQL | undefined)[] = [eq(profiles.archived, query.sort === 'archived'), isNull(users.deletedAt)];
  if (query.search.trim()) {
    const number = racerNumberIn(query.search);
    conditions.push(or(personMatches(users, query.search), ...(number === null ? [] : [eq(profiles.racerId, number)])));
  }
  return and(...conditions);
}

/** GET /profiles/: a page of 50 profiles in the sort asked for, and how many match. */
export async function listUsers(
  ctx: AppContext,
  query: UsersQuery & { page: number },
): Promise<{ count: number; results: AdminProfile[] }> {
  return profilesPage(ctx, where(query), ORDER[query.sort], { number: query.page, size: USERS_PAGE_SIZE });
}

const CSV_FIELDS = [
  'Username',
  'First name',
  'Last name',
  'Email',
  'Contact number',
  'Date of birth',
  'Gender',
  'Ski or snowboard',
  'Club',
  'Other club',
  'Emergency contact name',
  'Emergency contact number',
  'Racer',
  'Racer status',
  'Photography permission',
  'Name on photos permission',
  'Social media permission',
  'Share data with sponsors',
  'SE registration number',
  'Archived',
];

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** GET /profiles/export-csv/: every profile the sort and search select (not one page). */
export async function usersCsv(ctx: AppContext, query: UsersQuery): Promise<string> {
  const rows = await ctx.db
    .select({ profile: profiles, user: users })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(where(query))
    .orderBy(...ORDER[query.sort]);
  return toCsv(
    [racerNumberHeader(ctx.config.association.code), ...CSV_FIELDS],
    rows.map(({ profile: p, user: u }) => [
      p.racerId,
      u.username,
      u.firstName,
      u.lastName,
      u.email,
      p.contactNumber,
      p.dateOfBirth,
      p.gender,
      p.skiOrBoard,
      p.localClub ? clubCode(p.localClub) : '',
      p.otherClub,
      p.emergencyContactName,
      p.emergencyContactNumber,
      yesNo(p.isRacer),
      p.isRacer ? p.isRacerConfirmed : '',
      yesNo(p.permissionPhotographed),
      yesNo(p.permissionNameOnPhotos),
      yesNo(p.permissionSocialMedia),
      yesNo(p.permissionShareDataWithSponsors),
      p.seRegNumber,
      yesNo(p.archived),
    ]),
  );
}
