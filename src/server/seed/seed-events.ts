import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import { londonToday } from '../../domain/dates.ts';
import { type EventType, eventSlug } from '../../domain/events/index.ts';
import type { AppContext } from '../context.ts';
import { eventDocuments, events } from '../db/schema.ts';
import { EVENT_CARD_COPIES } from '../events/card-copies.ts';
import type { FileKindName } from '../plugins/file-types.ts';
import { checkUpload, storeFiles } from '../plugins/storage.ts';
import { demoVenue } from './seed-content.ts';

const ASSETS = join(import.meta.dirname, 'demo-assets');

const SATURDAY = 6;
const SUNDAY = 0;
const WEDNESDAY = 3;

interface DemoEvent {
  name: string;
  type: EventType;
  /** Days from London today; the event falls on the first `weekday` from that day on. */
  day: number;
  weekday: number;
  /** A demo club's slope (seed-content.ts), or any place for an event away from the clubs. */
  slope: { club: string } | { place: string };
  /** Files in demo-assets/ (drawn by scripts/demo-assets/generate.ts): the event's own picture
   * and its organiser's logo. */
  image: string;
  logo: string;
  pence?: number;
  quantity?: number;
  /** Registration window: [days from today, London time] for open and close. Each close comes
   * before the earliest date the event can fall on. */
  open?: [number, string];
  close?: [number, string];
  url?: string;
  /** The race's start, London 'HH:MM' (the event page and its calendar entry). */
  start?: string;
  banner?: string;
  documents?: { name: string; file: string }[];
}

/**
 * Demo events around today, so that whatever the date the seed runs, every Booking section and
 * the Schools page have something to show: two races open for entry (one of them free), one whose
 * entry has closed, two whose entry opens later, one past race, one external event (Other Events)
 * and one schools race. Races are at the member clubs' slopes, on weekends outside the Christmas
 * break, each with its club's logo; names say nothing of the season, since the dates move with
 * today. The association's own
 * meetings (its AGM) are not events: the Booking page would list them under Other Events, which
 * is for events run by others; the governance text says when the AGM is held.
 */
const DEMO_EVENTS: DemoEvent[] = [
  {
    name: 'Hemel Open Slalom',
    type: 'race',
    day: 28,
    weekday: SATURDAY,
    slope: { club: 'The Snow Centre' },
    image: 'event-hemel-open-slalom.jpg',
    logo: 'logo-hem.png',
    pence: 2500,
    quantity: 150,
    open: [-7, '19:00'],
    close: [21, '18:00'],
    start: '09:30',
    url: 'https://www.snowcentre-hemel.example',
    documents: [
      { name: 'Race Day Timetable', file: 'timetable.pdf' },
      { name: 'Entry Information', file: 'entry-information.txt' },
    ],
  },
  {
    name: 'Norfolk Fun Race',
    type: 'race',
    day: 35,
    weekday: SUNDAY,
    slope: { club: 'Norfolk Snowsports Club' },
    image: 'event-norfolk-fun-race.jpg',
    logo: 'logo-nor.png',
    pence: 0,
    quantity: 60,
    open: [-3, '09:00'],
    close: [30, '21:00'],
    url: 'https://www.norfolk-snowsports.example',
  },
  {
    name: 'Essex Open Giant Slalom',
    type: 'race',
    day: 10,
    weekday: SUNDAY,
    slope: { club: 'Chelmsford Ski and Snowboard Centre' },
    image: 'event-essex-open-giant-slalom.jpg',
    logo: 'logo-esx.png',
    pence: 3000,
    quantity: 120,
    open: [-30, '19:00'],
    close: [-2, '18:00'],
    start: '10:00',
    url: 'https://www.chelmsford-snow.example',
    documents: [{ name: 'Race Day Timetable', file: 'timetable.pdf' }],
  },
  {
    name: 'Welwyn Parallel Slalom',
    type: 'race',
    day: 60,
    weekday: SATURDAY,
    slope: { club: 'Gosling Ski and Board Centre' },
    image: 'event-welwyn-parallel-slalom.jpg',
    logo: 'logo-wgc.png',
    pence: 1850,
    quantity: 96,
    open: [14, '19:00'],
    close: [50, '18:00'],
    url: 'https://www.gosling-ski.example',
  },
  {
    name: 'MK Snowboard Slalom',
    type: 'race',
    day: 70,
    weekday: SATURDAY,
    slope: { club: 'Snozone Milton Keynes' },
    image: 'event-mk-snowboard-slalom.jpg',
    logo: 'logo-smk.png',
    pence: 2800,
    quantity: 80,
    open: [21, '19:00'],
    close: [62, '18:00'],
    url: 'https://www.snozone-mk.example',
  },
  {
    name: 'Brentwood Club Slalom',
    type: 'race',
    day: -40,
    weekday: SATURDAY,
    slope: { club: 'Brentwood Park Ski Centre' },
    image: 'event-brentwood-club-slalom.jpg',
    logo: 'logo-bre.png',
    pence: 2000,
    quantity: 150,
    open: [-80, '19:00'],
    close: [-45, '18:00'],
    url: 'https://www.brentwoodpark-ski.example',
  },
  {
    name: 'London Snowsports Show',
    type: 'external',
    day: 45,
    weekday: SATURDAY,
    slope: { place: 'Alexandra Palace, London' },
    image: 'event-london-snowsports-show.jpg',
    logo: 'logo-show.png',
    url: 'https://www.london-snowsports-show.example',
    banner: 'Come and say hello at our stand!',
  },
  {
    name: 'Schools Championship',
    type: 'school',
    day: 40,
    weekday: WEDNESDAY,
    slope: { club: 'The Snow Centre' },
    image: 'event-schools-championship.jpg',
    logo: 'logo-schools.png',
    banner: 'Teams of 3 or 4 racers from the same school, and individual entries.',
    documents: [{ name: 'Race Day Timetable', file: 'timetable.pdf' }],
  },
];

const ENTRY_INFORMATION = Buffer.from(
  'Entry information\n\nRacers must hold a confirmed racer account.\nHelmets are compulsory.\nBibs are returned after the second run.\n',
);

/** `today` moved by whole days ('YYYY-MM-DD'). */
function shift(today: string, days: number): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Whether a date is in the Christmas break (24 December to 1 January), when nobody races. */
function christmas(date: string): boolean {
  const monthDay = date.slice(5);
  return monthDay >= '12-24' || monthDay <= '01-01';
}

/** The first `weekday` (0 Sunday … 6 Saturday) on or after `today` moved by `days`, a week
 * later while that falls in the Christmas break. Only ever later: a registration window that
 * closes before `days` still closes before the event. */
function dayOn(today: string, days: number, weekday: number): string {
  const from = new Date(`${shift(today, days)}T00:00:00Z`).getUTCDay();
  let offset = days + ((weekday - from + 7) % 7);
  while (christmas(shift(today, offset))) offset += 7;
  return shift(today, offset);
}

async function asset(name: string): Promise<Buffer> {
  return name === 'entry-information.txt' ? ENTRY_INFORMATION : readFile(join(ASSETS, name));
}

async function checked(field: string, file: string, kind: FileKindName) {
  return checkUpload({ field, filename: file, bytes: await asset(file) }, kind);
}

/**
 * Demo events with their pictures and documents, stored as uploads are (each event its own
 * copies, so replacing one event's image never touches another's). Does nothing when any
 * event exists. Returns how many events it added.
 */
export async function seedEvents(ctx: AppContext): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(events);
  if ((row?.n ?? 0) > 0) return 0;
  const today = londonToday(ctx.now());
  for (const demo of DEMO_EVENTS) {
    const race = demo.type === 'race';
    const date = dayOn(today, demo.day, demo.weekday);
    const files = {
      image: await checked('image', demo.image, 'eventImage'),
      logo: await checked('logo', demo.logo, 'eventLogo'),
    };
    const [event] = await storeFiles(
      ctx,
      files,
      (keys, tx) =>
        tx
          .insert(events)
          .values({
            name: demo.name,
            slug: eventSlug(demo.name, date),
            date,
            slopeName: 'club' in demo.slope ? demoVenue(demo.slope.club) : demo.slope.place,
            eventType: demo.type,
            pricePence: race ? (demo.pence ?? 0) : 0,
            quantity: race ? (demo.quantity ?? 150) : 0,
            url: demo.url ?? '',
            bannerMessage: race ? '' : (demo.banner ?? ''),
            image: keys.image,
            imageCard: keys.image_card,
            logo: keys.logo,
            logoCard: keys.logo_card,
            registrationOpen: demo.open ? shift(today, demo.open[0]) : null,
            registrationOpenTime: demo.open?.[1] ?? null,
            registrationClose: demo.close ? shift(today, demo.close[0]) : null,
            registrationCloseTime: demo.close?.[1] ?? null,
            startTime: demo.start ?? null,
          })
          .returning({ id: events.id }),
      EVENT_CARD_COPIES,
    );
    if (!event) throw new Error('seed: event insert returned nothing');
    for (const doc of demo.documents ?? []) {
      const document = await checked('document', doc.file, 'bookingDocument');
      await storeFiles(ctx, { document }, async (keys, tx) => {
        if (!keys.document) throw new Error('seed: document was not stored');
        await tx.insert(eventDocuments).values({ eventId: event.id, name: doc.name, file: keys.document });
      });
    }
  }
  return DEMO_EVENTS.length;
}
