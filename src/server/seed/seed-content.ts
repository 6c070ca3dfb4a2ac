import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import { LOCAL_CLUBS, type LocalClub } from '../../domain/clubs.ts';
import type { AppContext } from '../context.ts';
import { faqs, organizationDocuments, siteSettings, slopeInfo, teamMembers } from '../db/schema.ts';
import { type CheckedUpload, checkUpload, storeFiles } from '../plugins/storage.ts';

/** Demo content for `npm start`: the seven points clubs and their slopes (each with its own
 * picture and sketch map), the committee (illustrated portraits), FAQs, a governance paragraph and
 * two policy documents. Telephone numbers are from Ofcom's ranges kept for drama, and web and
 * e-mail addresses use `.example`, so nothing here reaches a real person. The pictures are drawn
 * by scripts/demo-assets/generate.ts (see demo-assets/README.md). */

const ASSETS = join(import.meta.dirname, 'demo-assets');

const club = (value: LocalClub) => LOCAL_CLUBS.find((c) => c.value === value)?.label ?? value;

type DemoSlope = Omit<typeof slopeInfo.$inferInsert, 'slopeImage' | 'slopeMap'> & {
  /** Files in demo-assets/: the slope's picture and its sketch map. */
  image: string;
  map: string;
};

const SLOPES: DemoSlope[] = [
  {
    raceClubName: club('HEMEL_SKI_RACE_CLUB'),
    slopeName: 'The Snow Centre',
    slopeContactNumber: '01632 960101',
    slopeWebsite: 'https://www.snowcentre-hemel.example',
    slopeEmail: 'racing@snowcentre-hemel.example',
    addressLine1: 'St Albans Hill',
    addressLine2: '',
    locality: 'Hemel Hempstead',
    postcode: 'HP3 9NH',
    image: 'club-hemel.jpg',
    map: 'map-hemel.jpg',
  },
  {
    raceClubName: 'Brentwood Ski Race Club',
    slopeName: 'Brentwood Park Ski Centre',
    slopeContactNumber: '01632 960102',
    slopeWebsite: 'https://www.brentwoodpark-ski.example',
    slopeEmail: 'club@brentwoodpark-ski.example',
    addressLine1: 'Warley Gap',
    addressLine2: 'Little Warley',
    locality: 'Brentwood',
    postcode: 'CM13 3LG',
    image: 'club-brentwood.jpg',
    map: 'map-brentwood.jpg',
  },
  {
    raceClubName: club('ESSEX_SKI_RACING_CLUB'),
    slopeName: 'Chelmsford Ski and Snowboard Centre',
    slopeContactNumber: '01632 960103',
    slopeWebsite: 'https://www.chelmsford-snow.example',
    slopeEmail: 'essexracing@chelmsford-snow.example',
    addressLine1: 'Sandford Mill Lane',
    addressLine2: '',
    locality: 'Chelmsford',
    postcode: 'CM2 6NS',
    image: 'club-chelmsford.jpg',
    map: 'map-chelmsford.jpg',
  },
  {
    raceClubName: club('WELWYN_GARDEN_CITY_SKI_RACE_CLUB'),
    slopeName: 'Gosling Ski and Board Centre',
    slopeContactNumber: '01632 960104',
    slopeWebsite: 'https://www.gosling-ski.example',
    slopeEmail: 'wgcracing@gosling-ski.example',
    addressLine1: 'Gosling Sports Park',
    addressLine2: 'Stanborough Road',
    locality: 'Welwyn Garden City',
    postcode: 'AL8 6XE',
    image: 'club-welwyn.jpg',
    map: 'map-welwyn.jpg',
  },
  {
    raceClubName: club('VIKINGS_SKI_RACE_TEAM'),
    slopeName: 'Harlow Ski Slope',
    slopeContactNumber: '01632 960105',
    slopeWebsite: 'https://www.harlow-ski.example',
    slopeEmail: 'vikings@harlow-ski.example',
    addressLine1: 'Hammarskjold Road',
    addressLine2: '',
    locality: 'Harlow',
    postcode: 'CM20 2JF',
    image: 'club-harlow.jpg',
    map: 'map-harlow.jpg',
  },
  {
    raceClubName: club('NORFOLK_SNOWSPORTS_CLUB_RACE_TEAM'),
    slopeName: 'Norfolk Snowsports Club',
    slopeContactNumber: '01632 960106',
    slopeWebsite: 'https://www.norfolk-snowsports.example',
    slopeEmail: 'raceteam@norfolk-snowsports.example',
    addressLine1: 'Whitlingham Lane',
    addressLine2: 'Trowse',
    locality: 'Norwich',
    postcode: 'NR14 8TW',
    image: 'club-norfolk.jpg',
    map: 'map-norfolk.jpg',
  },
  {
    raceClubName: club('MK_SKI_RACE_TEAM'),
    slopeName: 'Snozone Milton Keynes',
    slopeContactNumber: '01632 960107',
    slopeWebsite: 'https://www.snozone-mk.example',
    slopeEmail: 'mkraceteam@snozone-mk.example',
    addressLine1: 'Xscape',
    addressLine2: '602 Marlborough Gate',
    locality: 'Milton Keynes',
    postcode: 'MK9 3XS',
    image: 'club-mk.jpg',
    map: 'map-mk.jpg',
  },
];

/** Where a demo event takes place, as its card shows it: the club's slope, with its town when
 * the slope's name does not already say it ('The Snow Centre, Hemel Hempstead'). Naming a slope
 * that is not one of the demo clubs' is a mistake in the seed. */
export function demoVenue(slopeName: string): string {
  const slope = SLOPES.find((s) => s.slopeName === slopeName);
  if (!slope) throw new Error(`seed: no demo club has the slope ${slopeName}`);
  const town = slope.locality ?? '';
  return slopeName.includes(town) ? slopeName : `${slopeName}, ${town}`;
}

/** The committee; each photo is an illustrated portrait in demo-assets/ (no real person's photo). */
const TEAM = [
  { firstName: 'Helen', lastName: 'Marsh', position: 'Chair', photo: 'team-helen-marsh.png' },
  { firstName: 'Fiona', lastName: 'Gallagher', position: 'Treasurer', photo: 'team-fiona-gallagher.png' },
  { firstName: 'David', lastName: 'Okafor', position: 'Race Secretary', photo: 'team-david-okafor.png' },
  {
    firstName: 'Priya',
    lastName: 'Shah',
    position: 'Welfare and Safeguarding Officer',
    photo: 'team-priya-shah.png',
  },
];

const FAQS = [
  {
    question: 'Who can race?',
    answer:
      'Anyone aged four or over who can ski or snowboard confidently, turn and stop under control and ride a drag lift on their own. Most of our racers are juniors, but we have categories for adults and masters too.',
  },
  {
    question: 'How do I enter a race?',
    answer:
      'Create an account, add each racer to it, and book from the Booking page while registration is open. Racer accounts are approved by the association before their first race.',
  },
  {
    question: 'Do I need to belong to a club?',
    answer:
      'No, but we recommend it. Club racers train together and score points for their club in the league. If your club is not listed, choose Other when you register.',
  },
  {
    question: 'What equipment do I need?',
    answer:
      'A helmet is compulsory for every run. On artificial slopes you also need gloves, long sleeves and long trousers. Your usual skis or snowboard are fine; race suits are optional.',
  },
  {
    question: 'Can my school enter a team?',
    answer:
      'Yes. Schools races are open to pupils with no racing experience. A team is 3 or 4 racers from the same school (£70 a team), and pupils whose school is not entering a full team can enter on their own (£21 each). The Schools page has the rules and the next races.',
  },
  {
    question: 'What happens if a race is cancelled?',
    answer:
      'If we have to cancel a race, for example because the slope is closed, the race shows as cancelled on the Booking page and we e-mail everyone who has entered. Refunds and transfers to another race are arranged with you directly by the association.',
  },
  {
    question: 'How are league points worked out?',
    answer:
      'Racers are ranked by time within their gender and category at each club race, and earn points by position. Your best four races count towards your season total. See the Results page for the full table.',
  },
];

/** A small, valid one-page PDF (Helvetica text, correct cross-reference table). ASCII only. */
export function simplePdf(title: string, lines: string[]): Buffer {
  const esc = (s: string) => s.replace(/[\\()]/g, (ch) => `\\${ch}`);
  const text = ['BT', '/F1 18 Tf', '72 770 Td', `(${esc(title)}) Tj`, '/F1 11 Tf', '0 -30 Td'];
  for (const line of lines) text.push(`(${esc(line)}) Tj`, '0 -16 Td');
  text.push('ET');
  const stream = text.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

function documents(code: string): { name: string; filename: string; bytes: Buffer }[] {
  return [
    {
      name: 'Safeguarding Policy',
      filename: 'safeguarding-policy.pdf',
      bytes: simplePdf(`${code} Safeguarding Policy`, [
        'Everyone involved in our races shares the responsibility for keeping children',
        'and adults at risk safe, and for reporting any concern without delay.',
        '',
        'Who this policy covers',
        'Racers, parents and carers, coaches, officials and volunteers at every race',
        'and training session the association runs or sanctions.',
        '',
        'What we do',
        '1. Racers under 18 are accompanied by a parent, guardian or nominated adult.',
        '2. Officials in positions of responsibility are recruited safely and trained.',
        '3. Racers are photographed, and named on photos, only with their permission.',
        '4. First aid and changing areas are supervised by two adults, never one alone.',
        '',
        'Reporting a concern',
        'Tell the event safeguarding lead on the day, or the Welfare and Safeguarding',
        'Officer at any time through the contact page. If someone is in immediate',
        'danger, call 999.',
        '',
        'The committee reviews this policy every year.',
      ]),
    },
    {
      name: 'Code of Conduct',
      filename: 'code-of-conduct.pdf',
      bytes: simplePdf(`${code} Code of Conduct`, [
        'Racers, parents, coaches and officials are expected to:',
        '',
        '- treat every racer, official and volunteer with respect;',
        '- follow the instructions of race officials at all times;',
        '- wear a helmet for every run and respect the slope rules;',
        '- support racers of every age and ability, whatever the result;',
        '- keep to the timetable, and tell the Race Secretary of any withdrawal.',
        '',
        'Anyone who breaks this code may be asked to leave the venue. Concerns about',
        'behaviour go to the Race Secretary or, for a safeguarding matter, to the',
        'Welfare and Safeguarding Officer.',
        '',
        'The committee reviews this code every year.',
      ]),
    },
  ];
}

async function picture(field: string, file: string): Promise<CheckedUpload> {
  return checkUpload({ field, filename: file, bytes: await readFile(join(ASSETS, file)) }, 'picture');
}

/** Fills the content tables for the demo. Does nothing when any club, team member, FAQ or
 * document exists already. Each club and team member gets its own stored copies of its pictures,
 * as an upload would. */
export async function seedContent(ctx: AppContext): Promise<{ summary: string } | null> {
  for (const table of [slopeInfo, teamMembers, faqs, organizationDocuments]) {
    const [row] = await ctx.db.select({ n: count() }).from(table);
    if ((row?.n ?? 0) > 0) return null;
  }
  const { code, name } = ctx.config.association;
  for (const { image, map, ...slope } of SLOPES) {
    const files = { slopeImage: await picture('slope_image', image), slopeMap: await picture('slope_map', map) };
    await storeFiles(ctx, files, async (keys, tx) => {
      await tx.insert(slopeInfo).values({ ...slope, slopeImage: keys.slopeImage, slopeMap: keys.slopeMap });
    });
  }
  for (const { photo, ...member } of TEAM) {
    await storeFiles(ctx, { photo: await picture('photo', photo) }, async (keys, tx) => {
      await tx.insert(teamMembers).values({ ...member, photo: keys.photo });
    });
  }
  await ctx.db.transaction(async (tx) => {
    await tx.insert(faqs).values(FAQS);
    await tx
      .insert(siteSettings)
      .values({
        key: 'governance',
        value: {
          paragraph: [
            `The ${name} is a not-for-profit association run by volunteers. It is governed by a committee elected each year at the Annual General Meeting, where every member club has a vote.`,
            'The Annual General Meeting is held each autumn. Member clubs receive the notice, the agenda and the annual accounts by e-mail at least 21 days beforehand.',
            'The committee (the Chair, the Treasurer, the Race Secretary and the Welfare and Safeguarding Officer) sets the race calendar, the competition rules and the league points, and manages the association’s finances. Its minutes are available to member clubs on request, and any member may raise a matter for the committee through the contact page.',
          ].join('\n\n'),
        },
        updatedAt: ctx.now(),
      })
      .onConflictDoNothing();
  });
  for (const doc of documents(code)) {
    const checked = checkUpload(
      { field: 'document', filename: doc.filename, bytes: doc.bytes },
      'organizationDocument',
    );
    await storeFiles(ctx, { document: checked }, async (keys, tx) => {
      if (!keys.document) throw new Error('seed: document key missing');
      await tx.insert(organizationDocuments).values({ name: doc.name, document: keys.document });
    });
  }
  return {
    summary: `demo content seeded: ${SLOPES.length} clubs, ${TEAM.length} team members, ${FAQS.length} FAQs, 2 documents`,
  };
}
