/**
 * The memory bench's mixed load (scripts/bench/memory.ts): what a season's site meets on an
 * ordinary evening, at a steady modest rate from this process (never the app's). Anonymous
 * visitors load public pages and read the public lists and results; the demo accounts sign in
 * again and again and read their profile, family (link requests), cart and entries; the club administrator reads
 * the back office's lists; carts are filled and cleared, free events booked; now and then someone
 * writes through the contact form (under its limit of 5 a minute per address).
 */
import { type Answer, timedFetch } from '../../src/server/test/entry-rush.ts';

/** A demo account's sign-in, as the app printed it once (production: random passwords). */
export interface SignIn {
  username: string;
  password: string;
}

/** Counts of the answers by status ('0': no answer). */
export type Statuses = Record<string, number>;

const PAGES = ['/', '/booking', '/results', '/contact', '/about', '/slopes', '/governance', '/policies'];
const PUBLIC_READS = [
  '/api/v1/products/',
  '/api/v1/latest-products/',
  '/api/v1/faqs/',
  '/api/v1/team-members/',
  '/api/v1/slope-info/',
  '/api/v1/governance/',
  '/api/v1/organization-documents/',
  '/api/v1/maintenance/status/',
  '/api/v1/public/race-events/',
  '/api/v1/content/',
];
// the family as My Profile's Linked Accounts reads it (/api/v1/family/ only answers DELETE: leaving)
const OWN_READS = ['/api/v1/profile/', '/api/v1/link-request/', '/api/v1/cart/', '/api/v1/my-entries/'];
const ADMIN_READS = ['/api/v1/profiles/', '/api/v1/admin/payments/', '/api/v1/admin/contact-messages/'];

/** Each second's requests: out of every 20, this many of each kind (the rest of the load, the
 * sign-ins and contact messages, runs on timers of its own). */
const MIX: [kind: Kind, n: number][] = [
  ['page', 6],
  ['public', 5],
  ['own', 4],
  ['admin', 3],
  ['cart', 2],
];
type Kind = 'page' | 'public' | 'own' | 'admin' | 'cart';
const SCHEDULE: Kind[] = MIX.flatMap(([kind, n]) => Array.from({ length: n }, () => kind));

/** What the load needs from the running app: its events and seasons, for addresses with ids. */
interface Site {
  eventIds: number[];
  freeEventIds: number[];
  slugs: string[];
  resultReads: string[];
}

async function discover(url: string): Promise<Site> {
  const products = JSON.parse((await timedFetch(`${url}/api/v1/products/`)).body) as {
    id: number;
    slug: string;
    price: string;
  }[];
  const seasons = JSON.parse((await timedFetch(`${url}/api/v1/public/race-events/`)).body) as {
    id: number;
    year: number;
  }[];
  const resultReads = seasons.flatMap((s) =>
    ['HEM', 'WGC', 'SMK', 'ESX'].flatMap((club) => [
      `/api/v1/public/race-events/${s.id}/category-results/?slope_id=${club}`,
      `/api/v1/public/race-events/${s.id}/overall-standings/?slope_id=${club}`,
      `/api/v1/public/race-events/${s.id}/club-points/?slope_id=${club}`,
    ]),
  );
  resultReads.push(...seasons.map((s) => `/api/v1/public/season-totals/${s.year}/`));
  return {
    eventIds: products.map((p) => p.id),
    freeEventIds: products.filter((p) => Number(p.price) === 0).map((p) => p.id),
    slugs: products.map((p) => p.slug),
    resultReads,
  };
}

/** The participant a signed-in account enters: a parent's first child, anyone else themself. */
function participantOf(username: string): string {
  return username === 'sarahjones' ? 'tomjones1' : username;
}

export interface LoadOptions {
  url: string;
  signIns: SignIn[];
  /** Requests a second from the schedule (the sign-ins and contact messages come on top). */
  rate: number;
  /** Drops stale answers so the load stays steady when the app slows. */
  maxInFlight?: number;
}

/** Starts the load; `stop()` ends it and resolves when the requests in flight have answered. */
export async function startMixedLoad(options: LoadOptions): Promise<{
  statuses: Statuses;
  requests(): number;
  stop(): Promise<void>;
}> {
  const { url, signIns } = options;
  const site = await discover(url);
  const statuses: Statuses = {};
  const tokens = new Map<string, string>();
  const admin = signIns.find((s) => s.username === 'clubadmin');
  const members = signIns.filter((s) => s !== admin && !/admin/.test(s.username));
  let sent = 0;
  let inFlight = 0;
  const pending = new Set<Promise<void>>();

  const call = (path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<Answer> => {
    const headers: Record<string, string> = { 'accept-encoding': 'gzip, br', accept: '*/*' };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    return timedFetch(`${url}${path}`, {
      method: init.method ?? 'GET',
      headers,
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
  };
  const run = (work: () => Promise<Answer>) => {
    if (inFlight >= (options.maxInFlight ?? 32)) return;
    inFlight += 1;
    sent += 1;
    const p = work().then((a) => {
      statuses[a.status] = (statuses[a.status] ?? 0) + 1;
      inFlight -= 1;
      pending.delete(p);
    });
    pending.add(p);
  };
  const signIn = async (s: SignIn): Promise<Answer> => {
    const answer = await call('/api/v1/login/', {
      method: 'POST',
      body: { username: s.username, password: s.password },
    });
    if (answer.status === 200) tokens.set(s.username, (JSON.parse(answer.body) as { access: string }).access);
    return answer;
  };
  for (const s of signIns) await signIn(s);

  let n = 0;
  const pick = <T>(list: T[]): T => list[n % list.length] as T;
  const member = () => pick(members.length ? members : signIns);
  const next: Record<Kind, () => Promise<Answer>> = {
    page: () => call(pick(PAGES)),
    public: () => call(n % 3 ? pick(PUBLIC_READS) : pick(site.resultReads)),
    own: () => call(pick(OWN_READS), { token: tokens.get(member().username) ?? '' }),
    admin: () => {
      const token = tokens.get(admin?.username ?? '') ?? '';
      const event = pick(site.eventIds);
      return call(n % 4 === 3 ? `/api/v1/products/booked-participants/${event}/` : pick(ADMIN_READS), { token });
    },
    cart: () => {
      const who = member();
      const token = tokens.get(who.username) ?? '';
      const line = { product: pick(site.eventIds), participant: participantOf(who.username) };
      switch (n % 3) {
        case 0:
          return call('/api/v1/cart/bulk-add/', { method: 'POST', token, body: { items: [line] } });
        case 1:
          return call('/api/v1/cart/clear/', { method: 'POST', token });
        default: {
          const free = { ...line, product: pick(site.freeEventIds.length ? site.freeEventIds : site.eventIds) };
          return call('/api/v1/bookings/', { method: 'POST', token, body: { bookings: [free] } });
        }
      }
    },
  };
  const ticker = setInterval(() => {
    n += 1;
    run(next[SCHEDULE[n % SCHEDULE.length] as Kind]);
  }, 1000 / options.rate);
  // a sign-in every 3 s, each account in turn (fresh tokens, and argon2's work under load)
  let signInTurn = 0;
  const signIns3s = setInterval(() => run(() => signIn(signIns[signInTurn++ % signIns.length] as SignIn)), 3000);
  // a contact message every 15 s: under the form's limit of 5 a minute from one address
  let message = 0;
  const contact = setInterval(
    () =>
      run(() =>
        call('/api/v1/contact/', {
          method: 'POST',
          body: {
            'first-name': 'Bench',
            'last-name': 'Visitor',
            email: 'bench.visitor@example.com',
            message: `Memory bench message ${++message}: when do entries open for the next race?`,
          },
        }),
      ),
    15_000,
  );
  return {
    statuses,
    requests: () => sent,
    stop: async () => {
      clearInterval(ticker);
      clearInterval(signIns3s);
      clearInterval(contact);
      await Promise.all([...pending]);
    },
  };
}
