import type { APIRequestContext } from '@playwright/test';
import { apiToken, DEMO, expect, type NewUser, registerUser, registrarHeaders, uniqueUsername } from './fixtures.ts';

export async function adminHeaders(request: APIRequestContext): Promise<{ authorization: string }> {
  return { authorization: `Bearer ${await apiToken(request, DEMO.admin)}` };
}

/** A racer registered through the API and, unless told otherwise, approved by an administrator.
 * Returns the account (its password signs in). */
export async function registerRacer(
  request: APIRequestContext,
  first: string,
  last: string,
  approve = true,
  dateOfBirth = '2013-05-09',
): Promise<NewUser> {
  const user: NewUser = {
    username: uniqueUsername('racer'),
    password: 'Snow#Slope42',
    first_name: first,
    last_name: last,
  };
  const res = await request.post('/api/v1/register/', {
    headers: await registrarHeaders(request),
    data: {
      ...user,
      email: `${user.username}@example.com`,
      is_racer: true,
      date_of_birth: dateOfBirth,
      gender: 'FEMALE',
      ski_or_board: 'SKI',
      local_club: 'MK_SKI_RACE_TEAM',
      emergency_contact_name: 'Pat Morgan',
      emergency_contact_number: '01234 567891',
      accept_terms_and_conditions: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  if (approve) {
    const headers = await adminHeaders(request);
    const found = await request.get(`/api/v1/profiles/racers/?racer_status=ALL&search=${user.username}`, { headers });
    const [profile] = (await found.json()).results as { id: number }[];
    const decided = await request.put(`/api/v1/profiles/update/${profile?.id}/`, {
      headers,
      data: { is_racer_confirmed: 'APPROVED' },
    });
    expect(decided.status()).toBe(200);
  }
  return user;
}

/** Links `member` into `parent`'s family: the parent asks, an administrator approves. */
export async function linkFamily(request: APIRequestContext, parent: NewUser, member: NewUser): Promise<void> {
  const made = await request.post('/api/v1/link-request/', {
    headers: { authorization: `Bearer ${await apiToken(request, parent)}` },
    data: { target_user: member.username },
  });
  expect(made.status(), await made.text()).toBe(201);
  const approved = await request.post(`/api/v1/admin/link-requests/${(await made.json()).id}/`, {
    headers: await adminHeaders(request),
    data: { action: 'approve' },
  });
  expect(approved.status()).toBe(200);
}

/** A parent (first name `parentFirst`) with linked, approved racer children of these first names. */
export async function family(request: APIRequestContext, surname: string, children: string[], parentFirst = 'Pam') {
  const parent = await registerUser(request, { first_name: parentFirst, last_name: surname });
  const kids: NewUser[] = [];
  for (const first of children) {
    const kid = await registerRacer(request, first, surname);
    await linkFamily(request, parent, kid);
    kids.push(kid);
  }
  return { parent, kids };
}
