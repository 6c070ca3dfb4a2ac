import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import { londonToday } from '../../domain/dates.ts';
import { type EventType, eventSlug } from '../../domain/events/index.ts';
import type { AppContext } from '../context.ts';
import type { FileKindName } from '../plugins/file-types.ts';
import { checkUpload, storeFiles } from '../plugins/storage.ts';
import { eventDocuments, events } from './schema.ts';

const ASSETS = join(import.meta.dirname, 'demo-assets');

interface DemoEvent {
  name: string;
  type: EventType;
  /** Days from London today. */
  day: number;
  slope: string;
  image: string;
  logo: string;
  pence?: number;
  quantity?: number;
  /** Registration window: [days from today, London time] for open and close. */
  open?: [number, string];
  close?: [number, string];
  url?: string;
  banner?: string;
  documents?: { name: string; file: string }[];
}

/** Demo events around today, so that every Booking section and Schools have something to show. */
const DEMO_EVENTS: DemoEvent[] = [
  {
    name: 'Hemel Winter Slalom',
    type: 'race',
    day: 28,
    slope: 'The Snow Centre, Hemel Hempstead',
    image: 'slalom.jpg',
    logo: 'logo-hemel.png',
    pence: 2500,
    quantity: 150,
    open: [-7, '19:00'],
    close: [21, '18:00'],
    url: 'https://www.thesnowcentre.com',
    documents: [
      { name: 'Race Day Timetable', file: 'timetable.pdf' },
      { name: 'Entry Information', file: 'entry-information.txt' },
    ],
  },
  {
    name: 'Norfolk Fun Race',
    type: 'race',
    day: 35,
    slope: 'Norfolk Snowsports Club',
    image: 'giant-slalom.jpg',
    logo: 'logo-ersa.png',
    pence: 0,
    quantity: 60,
    open: [-3, '09:00'],
    close: [30, '21:00'],
  },
  {
    name: 'Essex Open Giant Slalom',
    type: 'race',
    day: 10,
    slope: 'Brentwood Park Ski Centre',
    image: 'giant-slalom.jpg',
    logo: 'logo-essex.png',
    pence: 3000,
    quantity: 120,
    open: [-30, '19:00'],
    close: [-2, '18:00'],
    documents: [{ name: 'Race Day Timetable', file: 'timetable.pdf' }],
  },
  {
    name: 'Welwyn Spring Parallel',
    type: 'race',
    day: 60,
    slope: 'Gosling Ski & Snowboard Centre',
    image: 'parallel.jpg',
    logo: 'logo-ersa.png',
    pence: 1850,
    quantity: 150,
    open: [14, '19:00'],
    close: [50, '18:00'],
  },
  {
    name: 'Autumn Club Race',
    type: 'race',
    day: -40,
    slope: 'Chelmsford Ski & Snowboard Centre',
    image: 'slalom.jpg',
    logo: 'logo-ersa.png',
    pence: 2000,
    quantity: 150,
    open: [-80, '19:00'],
    close: [-45, '18:00'],
  },
  {
    name: 'London Snowsports Show',
    type: 'external',
    day: 45,
    slope: 'Alexandra Palace, London',
    image: 'show.jpg',
    logo: 'logo-ersa.png',
    url: 'https://example.com/snow-show',
    banner: 'Come and say hello at our stand!',
  },
  {
    name: 'Annual General Meeting',
    type: 'information',
    day: 20,
    slope: 'Online',
    image: 'show.jpg',
    logo: 'logo-ersa.png',
    banner: 'All members welcome: the agenda is sent by e-mail.',
  },
  {
    name: 'Schools Championship',
    type: 'school',
    day: 40,
    slope: 'The Snow Centre, Hemel Hempstead',
    image: 'parallel.jpg',
    logo: 'logo-schools.png',
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
    const date = shift(today, demo.day);
    const files = {
      image: await checked('image', demo.image, 'eventImage'),
      logo: await checked('logo', demo.logo, 'eventLogo'),
    };
    const [event] = await storeFiles(ctx, files, (keys, tx) =>
      tx
        .insert(events)
        .values({
          name: demo.name,
          slug: eventSlug(demo.name, date),
          date,
          slopeName: demo.slope,
          eventType: demo.type,
          pricePence: race ? (demo.pence ?? 0) : 0,
          quantity: race ? (demo.quantity ?? 150) : 0,
          url: demo.url ?? '',
          bannerMessage: race ? '' : (demo.banner ?? ''),
          image: keys.image,
          logo: keys.logo,
          registrationOpen: demo.open ? shift(today, demo.open[0]) : null,
          registrationOpenTime: demo.open?.[1] ?? null,
          registrationClose: demo.close ? shift(today, demo.close[0]) : null,
          registrationCloseTime: demo.close?.[1] ?? null,
        })
        .returning({ id: events.id }),
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
