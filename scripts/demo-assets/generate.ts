/**
 * Draws the demo seed's pictures into src/server/seed/demo-assets/ with the system Chromium:
 *
 *   node scripts/demo-assets/generate.ts            # everything
 *   node scripts/demo-assets/generate.ts club- map- # only files whose names start so
 *
 * Event pictures are JPG and logos PNG (the upload rules, doc 2 §5); club pictures, maps and
 * committee portraits are what the Clubs and About pages show. Every picture is a flat SVG
 * illustration (art.ts, scenes.ts, maps.ts, badges.ts) rendered to a small file. The file names
 * are the ones src/server/seed/seed-events.ts and seed-content.ts read; change both together.
 * The Race Day Timetable PDF is written too (`timetable`), though Chromium stamps it with the
 * time, so regenerate it only when its text changes.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from 'playwright';
import { type Logo, logo, type Portrait, portrait } from './badges.ts';
import { type MapSpec, mapPicture } from './maps.ts';
import { type ClubPicture, clubPicture, type EventPicture, eventPicture, showPicture } from './scenes.ts';

const OUT = join(import.meta.dirname, '..', '..', 'src', 'server', 'seed', 'demo-assets');

/** One picture per demo event, named as the event is. */
const EVENTS: Record<string, EventPicture | { show: string }> = {
  'event-hemel-open-slalom.jpg': {
    name: 'Hemel Open Slalom',
    setting: 'indoor',
    course: 'slalom',
    sky: ['#3d5a80', '#98c1d9'],
    land: ['#293241', '#1b263b', '#415a77'],
    accent: ['#c0392b', '#ffffff'],
    suits: ['#ffb703', '#023047'],
  },
  'event-norfolk-fun-race.jpg': {
    name: 'Norfolk Fun Race',
    setting: 'dry',
    course: 'fun',
    sky: ['#48cae4', '#e0fbfc'],
    land: ['#b5e48c', '#76c893', '#1e6f5c'],
    accent: ['#2d6a4f', '#ffffff'],
    suits: ['#ff006e', '#8338ec', '#3a86ff'],
    bunting: true,
    sun: true,
  },
  'event-essex-open-giant-slalom.jpg': {
    name: 'Essex Open Giant Slalom',
    setting: 'dry',
    course: 'giant-slalom',
    sky: ['#4ea8de', '#caf0f8'],
    land: ['#95d5b2', '#52b788', '#2d6a4f'],
    accent: ['#1d4ed8', '#ffffff'],
    suits: ['#d62828', '#1d3557'],
    sun: true,
  },
  'event-welwyn-parallel-slalom.jpg': {
    name: 'Welwyn Parallel Slalom',
    setting: 'dry',
    course: 'parallel',
    sky: ['#1b263b', '#5c6b8a'],
    land: ['#3a5a40', '#344e41', '#1f2d24'],
    accent: ['#0f766e', '#ffffff'],
    suits: ['#e63946', '#4cc9f0'],
    floodlit: true,
  },
  'event-mk-snowboard-slalom.jpg': {
    name: 'MK Snowboard Slalom',
    setting: 'indoor',
    course: 'board',
    sky: ['#6d4c41', '#ffcc80'],
    land: ['#3e2723', '#4e342e', '#5d4037'],
    accent: ['#e76f51', '#ffffff'],
    suits: ['#3a86ff', '#ffbe0b'],
  },
  'event-brentwood-club-slalom.jpg': {
    name: 'Brentwood Club Slalom',
    setting: 'dry',
    course: 'slalom',
    sky: ['#5e548e', '#f4a261'],
    land: ['#6b705c', '#588157', '#bc6c25'],
    accent: ['#3a0ca3', '#ffffff'],
    suits: ['#06d6a0', '#073b4c'],
    floodlit: true,
  },
  'event-london-snowsports-show.jpg': { show: 'London Snowsports Show' },
  'event-schools-championship.jpg': {
    name: 'Schools Championship',
    setting: 'indoor',
    course: 'stubby',
    sky: ['#4361ee', '#bde0fe'],
    land: ['#14213d', '#0b132b', '#1c2541'],
    accent: ['#6a4c93', '#ffffff'],
    suits: ['#ef476f', '#06d6a0', '#ffd166'],
    bunting: true,
  },
};

/** Each organiser's round logo: the six clubs with events, the show, and the schools races. */
const LOGOS: Record<string, Logo> = {
  'logo-hem.png': { text: 'HEM', emblem: 'peaks', colour: '#c0392b', accent: '#ffd166' },
  'logo-nor.png': { text: 'NOR', emblem: 'windmill', colour: '#2d6a4f', accent: '#ffd166' },
  'logo-esx.png': { text: 'ESX', emblem: 'snowflake', colour: '#1d4ed8', accent: '#e63946' },
  'logo-wgc.png': { text: 'WGC', emblem: 'tree', colour: '#0f766e', accent: '#8d5524' },
  'logo-smk.png': { text: 'SMK', emblem: 'chevrons', colour: '#e76f51', accent: '#264653' },
  'logo-bre.png': { text: 'BRE', emblem: 'flag', colour: '#3a0ca3', accent: '#f72585' },
  'logo-show.png': { text: 'SHOW', emblem: 'skis', colour: '#7a2e0b', accent: '#ffb703' },
  'logo-schools.png': { text: 'SCHOOLS', emblem: 'mortarboard', colour: '#6a4c93', accent: '#ffca3a' },
};

const WOODS = ['#386641', '#588157', '#3a5a40'];

/** Each club's slope, seen from its car park. */
const CLUBS: Record<string, ClubPicture> = {
  'club-hemel.jpg': {
    sign: 'The Snow Centre',
    kind: 'indoor',
    sky: ['#5aa9e6', '#d8f0ff'],
    land: ['#9bc1bc', '#74a57f', ['#2d6a4f', '#40916c']],
    building: '#adb5bd',
    roof: '#1d3557',
    roofShape: 'box',
  },
  'club-brentwood.jpg': {
    sign: 'Brentwood Park Ski Centre',
    kind: 'dry',
    sky: ['#4ea8de', '#e0f4ff'],
    land: ['#a7c957', '#6a994e', WOODS],
    building: '#bc6c25',
    roof: '#7f4f24',
    floodlit: true,
    nursery: true,
  },
  'club-chelmsford.jpg': {
    sign: 'Chelmsford Ski and Snowboard Centre',
    kind: 'dry',
    sky: ['#8ecae6', '#fde2c4'],
    land: ['#cad2c5', '#84a98c', ['#52796f', '#354f52', '#6b9080']],
    building: '#e9edc9',
    roof: '#9c6644',
    nursery: true,
    mirror: true,
  },
  'club-welwyn.jpg': {
    sign: 'Gosling Ski and Board Centre',
    kind: 'dry',
    sky: ['#90e0ef', '#f1faee'],
    land: ['#b7e4c7', '#74c69d', ['#2d6a4f', '#40916c', '#1b4332']],
    building: '#457b9d',
    roof: '#1d3557',
    water: true,
    floodlit: true,
  },
  'club-harlow.jpg': {
    sign: 'Harlow Ski Slope',
    kind: 'dry',
    sky: ['#3c1642', '#f4a261'],
    land: ['#6d597a', '#4f772d', ['#31572c', '#132a13', '#4f772d']],
    building: '#6c757d',
    roof: '#343a40',
    floodlit: true,
    dusk: true,
  },
  'club-norfolk.jpg': {
    sign: 'Norfolk Snowsports Club',
    kind: 'dry',
    sky: ['#a2d2ff', '#ffffff'],
    land: ['#d8e2dc', '#95b46a', ['#1b4332', '#2d6a4f', '#081c15']],
    building: '#9a031e',
    roof: '#3d0c02',
    water: true,
    mirror: true,
  },
  'club-mk.jpg': {
    sign: 'Snozone Milton Keynes',
    kind: 'indoor',
    sky: ['#219ebc', '#caf0f8'],
    land: ['#8ecae6', '#90a955', ['#4f772d', '#31572c']],
    building: '#e9ecef',
    roof: '#fb8500',
    roofShape: 'curved',
  },
};

/** A sketch map around each slope: roads, water and parks in roughly the right places. */
const MAPS: Record<string, MapSpec> = {
  'map-hemel.jpg': {
    pin: { at: [640, 330], label: 'The Snow Centre' },
    towns: [
      { name: 'Hemel Hempstead', at: [300, 170] },
      { name: 'St Albans', at: [870, 150], size: 18 },
    ],
    built: [
      { at: [290, 200], rx: 240, ry: 150 },
      { at: [910, 150], rx: 120, ry: 90 },
    ],
    parks: [
      [
        [560, 390],
        [700, 390],
        [720, 470],
        [580, 480],
      ],
    ],
    rivers: [
      {
        points: [
          [170, 0],
          [190, 120],
          [210, 260],
          [250, 400],
          [240, 540],
        ],
        name: 'River Gade',
      },
    ],
    roads: [
      {
        kind: 'motorway',
        points: [
          [760, 0],
          [740, 150],
          [735, 300],
          [760, 420],
          [800, 540],
        ],
        label: 'M1',
      },
      {
        kind: 'primary',
        points: [
          [0, 320],
          [300, 330],
          [520, 322],
          [735, 300],
          [960, 260],
        ],
        label: 'A414',
      },
      {
        kind: 'a',
        points: [
          [330, 0],
          [320, 150],
          [330, 330],
          [360, 540],
        ],
        label: 'A4146',
      },
      {
        kind: 'local',
        points: [
          [560, 322],
          [610, 312],
          [640, 330],
        ],
      },
    ],
  },
  'map-brentwood.jpg': {
    pin: { at: [470, 360], label: 'Brentwood Park Ski Centre' },
    towns: [
      { name: 'Brentwood', at: [520, 120] },
      { name: 'Little Warley', at: [600, 440], size: 16 },
    ],
    built: [
      { at: [520, 130], rx: 260, ry: 120 },
      { at: [610, 450], rx: 70, ry: 40 },
    ],
    parks: [
      [
        [660, 260],
        [860, 240],
        [900, 380],
        [700, 400],
      ],
      [
        [300, 300],
        [420, 290],
        [430, 400],
        [320, 410],
      ],
    ],
    lakes: [{ at: [780, 320], rx: 34, ry: 16, rotate: -10 }],
    notes: [{ text: 'Thorndon Country Park', at: [780, 290] }],
    roads: [
      {
        kind: 'motorway',
        points: [
          [150, 0],
          [170, 200],
          [160, 380],
          [130, 540],
        ],
        label: 'M25',
      },
      {
        kind: 'primary',
        points: [
          [0, 480],
          [160, 470],
          [420, 480],
          [700, 500],
          [960, 490],
        ],
        label: 'A127',
      },
      {
        kind: 'a',
        points: [
          [520, 0],
          [530, 140],
          [540, 300],
          [560, 480],
        ],
        label: 'A128',
        labelAt: 1,
      },
      {
        kind: 'local',
        points: [
          [540, 330],
          [500, 350],
          [470, 360],
        ],
      },
    ],
  },
  'map-chelmsford.jpg': {
    pin: { at: [600, 300], label: 'Chelmsford Ski and Snowboard Centre' },
    towns: [
      { name: 'Chelmsford', at: [260, 170] },
      { name: 'Great Baddow', at: [430, 440], size: 16 },
    ],
    built: [
      { at: [260, 200], rx: 230, ry: 160 },
      { at: [430, 450], rx: 90, ry: 50 },
    ],
    rivers: [
      {
        points: [
          [0, 230],
          [200, 250],
          [400, 240],
          [520, 270],
          [640, 250],
          [800, 290],
          [960, 280],
        ],
        name: 'River Chelmer',
        labelAt: 1,
      },
    ],
    parks: [
      [
        [540, 310],
        [680, 310],
        [690, 390],
        [550, 390],
      ],
    ],
    roads: [
      {
        kind: 'primary',
        points: [
          [900, 0],
          [820, 180],
          [780, 360],
          [720, 540],
        ],
        label: 'A12',
      },
      {
        kind: 'primary',
        points: [
          [260, 300],
          [480, 340],
          [640, 360],
          [800, 320],
        ],
        label: 'A1114',
      },
      {
        kind: 'a',
        points: [
          [300, 0],
          [280, 160],
          [270, 320],
          [300, 540],
        ],
        label: 'A138',
      },
      {
        kind: 'local',
        points: [
          [560, 350],
          [580, 320],
          [600, 300],
        ],
      },
    ],
  },
  'map-welwyn.jpg': {
    pin: { at: [470, 300], label: 'Gosling Ski and Board Centre' },
    towns: [
      { name: 'Welwyn Garden City', at: [650, 140] },
      { name: 'Hatfield', at: [840, 470], size: 18 },
    ],
    built: [
      { at: [640, 150], rx: 250, ry: 130 },
      { at: [850, 470], rx: 110, ry: 70 },
    ],
    lakes: [
      { at: [400, 390], rx: 60, ry: 22, rotate: 12, name: 'Stanborough Lakes' },
      { at: [300, 370], rx: 30, ry: 14, rotate: 8 },
    ],
    rivers: [
      {
        points: [
          [0, 430],
          [200, 410],
          [420, 440],
          [620, 420],
          [960, 400],
        ],
        name: 'River Lea',
        labelAt: 3,
      },
    ],
    parks: [
      [
        [260, 330],
        [520, 330],
        [540, 470],
        [250, 470],
      ],
    ],
    roads: [
      {
        kind: 'motorway',
        points: [
          [780, 0],
          [770, 200],
          [750, 380],
          [760, 540],
        ],
        label: 'A1(M)',
      },
      {
        kind: 'a',
        points: [
          [620, 120],
          [560, 220],
          [470, 280],
          [300, 300],
          [0, 290],
        ],
        label: 'A6129',
        labelAt: 3,
      },
      {
        kind: 'local',
        points: [
          [470, 280],
          [470, 300],
        ],
      },
    ],
  },
  'map-harlow.jpg': {
    pin: { at: [450, 280], label: 'Harlow Ski Slope' },
    towns: [
      { name: 'Harlow', at: [540, 180] },
      { name: 'Old Harlow', at: [820, 160], size: 16 },
    ],
    built: [
      { at: [500, 260], rx: 300, ry: 190 },
      { at: [820, 170], rx: 80, ry: 50 },
    ],
    parks: [
      [
        [280, 160],
        [420, 150],
        [430, 250],
        [290, 260],
      ],
    ],
    rivers: [
      {
        points: [
          [0, 40],
          [300, 60],
          [600, 40],
          [960, 70],
        ],
        name: 'River Stort',
      },
    ],
    roads: [
      {
        kind: 'motorway',
        points: [
          [880, 0],
          [900, 250],
          [890, 540],
        ],
        label: 'M11',
      },
      {
        kind: 'primary',
        points: [
          [150, 0],
          [200, 160],
          [240, 380],
          [500, 460],
          [900, 440],
        ],
        label: 'A414',
      },
      {
        kind: 'local',
        points: [
          [240, 300],
          [360, 290],
          [450, 280],
          [620, 300],
        ],
      },
    ],
  },
  'map-norfolk.jpg': {
    pin: { at: [560, 360], label: 'Norfolk Snowsports Club' },
    towns: [
      { name: 'Norwich', at: [250, 130] },
      { name: 'Trowse', at: [390, 330], size: 16 },
    ],
    built: [
      { at: [240, 140], rx: 260, ry: 150 },
      { at: [390, 340], rx: 60, ry: 36 },
    ],
    lakes: [{ at: [590, 290], rx: 90, ry: 26, rotate: -8, name: 'Whitlingham Broad' }],
    parks: [
      [
        [480, 250],
        [720, 240],
        [730, 400],
        [490, 410],
      ],
    ],
    rivers: [
      {
        points: [
          [0, 300],
          [200, 280],
          [400, 250],
          [560, 240],
          [760, 260],
          [960, 230],
        ],
        name: 'River Yare',
      },
    ],
    roads: [
      {
        kind: 'primary',
        points: [
          [0, 470],
          [300, 480],
          [600, 470],
          [820, 420],
          [960, 330],
        ],
        label: 'A47',
      },
      {
        kind: 'primary',
        points: [
          [300, 200],
          [420, 330],
          [560, 440],
          [760, 540],
        ],
        label: 'A146',
      },
      {
        kind: 'local',
        points: [
          [420, 330],
          [480, 350],
          [560, 360],
        ],
      },
    ],
  },
  'map-mk.jpg': {
    pin: { at: [600, 250], label: 'Snozone Milton Keynes' },
    towns: [{ name: 'Central Milton Keynes', at: [400, 150] }],
    built: [{ at: [450, 250], rx: 330, ry: 220 }],
    parks: [
      [
        [700, 120],
        [900, 130],
        [920, 400],
        [720, 410],
      ],
    ],
    rivers: [
      {
        points: [
          [940, 0],
          [930, 200],
          [950, 400],
          [940, 540],
        ],
        name: 'Grand Union Canal',
        labelAt: 3,
      },
    ],
    roads: [
      {
        kind: 'primary',
        points: [
          [0, 380],
          [100, 250],
          [200, 120],
          [300, 0],
        ],
        label: 'A5',
      },
      {
        kind: 'a',
        points: [
          [0, 220],
          [480, 220],
          [960, 220],
        ],
        label: 'H6 Childs Way',
      },
      {
        kind: 'a',
        points: [
          [0, 440],
          [480, 440],
          [960, 440],
        ],
        label: 'H5 Portway',
      },
      {
        kind: 'a',
        points: [
          [660, 0],
          [660, 300],
          [660, 540],
        ],
        label: 'V8',
      },
      {
        kind: 'a',
        points: [
          [380, 0],
          [380, 300],
          [380, 540],
        ],
        label: 'V7',
      },
      {
        kind: 'local',
        points: [
          [380, 300],
          [520, 300],
          [600, 270],
          [660, 300],
        ],
      },
    ],
  },
};

/** The committee, as friendly illustrations. */
const TEAM: Record<string, Portrait> = {
  'team-helen-marsh.png': {
    background: '#a8dadc',
    skin: '#f1c8a8',
    hair: '#c9c9c9',
    hairStyle: 'bob',
    jacket: '#1d7874',
    trim: '#f4f1de',
    glasses: true,
  },
  'team-david-okafor.png': {
    background: '#ffd6a5',
    skin: '#7b4a2e',
    hair: '#1b1b1b',
    hairStyle: 'short',
    jacket: '#1d3557',
    trim: '#e63946',
    beard: true,
  },
  'team-priya-shah.png': {
    background: '#cdb4db',
    skin: '#c68642',
    hair: '#20120b',
    hairStyle: 'long',
    jacket: '#c1121f',
    trim: '#ffffff',
    earrings: '#ffd166',
  },
  'team-fiona-gallagher.png': {
    background: '#b7e4c7',
    skin: '#f3d3bd',
    hair: '#b5651d',
    hairStyle: 'curly',
    jacket: '#3a86ff',
    trim: '#1d3557',
  },
};

interface Job {
  file: string;
  width: number;
  height: number;
  svg: string;
}

const jobs: Job[] = [
  ...Object.entries(EVENTS).map(([file, pic]) => ({
    file,
    width: 800,
    height: 450,
    svg: 'show' in pic ? showPicture(pic.show) : eventPicture(pic),
  })),
  ...Object.entries(LOGOS).map(([file, l]) => ({ file, width: 240, height: 240, svg: logo(l) })),
  ...Object.entries(CLUBS).map(([file, c]) => ({ file, width: 960, height: 540, svg: clubPicture(c) })),
  ...Object.entries(MAPS).map(([file, m]) => ({ file, width: 960, height: 540, svg: mapPicture(m) })),
  ...Object.entries(TEAM).map(([file, p]) => ({ file, width: 320, height: 320, svg: portrait(p) })),
];

const only = process.argv.slice(2);
const wanted = (file: string) => only.length === 0 || only.some((prefix) => file.startsWith(prefix));

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const page = await browser.newPage();

for (const job of jobs.filter((j) => wanted(j.file))) {
  await page.setViewportSize({ width: job.width, height: job.height });
  await page.setContent(`<html><body style="margin:0;background:transparent">${job.svg}</body></html>`);
  const png = job.file.endsWith('.png');
  const bytes = await page.screenshot({
    type: png ? 'png' : 'jpeg',
    quality: png ? undefined : 78,
    omitBackground: png,
    clip: { x: 0, y: 0, width: job.width, height: job.height },
  });
  await writeFile(join(OUT, job.file), bytes);
  console.log(`${job.file.padEnd(40)} ${(bytes.length / 1024).toFixed(1)} KB`);
}

if (wanted('timetable')) {
  await page.setContent(`<html><body style="font-family:sans-serif;padding:40px">
  <h1>Race Day Timetable</h1>
  <table style="border-collapse:collapse;font-size:18px">
    ${[
      ['08:00', 'Registration and bib collection'],
      ['08:45', 'Course inspection'],
      ['09:30', 'First run'],
      ['12:00', 'Lunch'],
      ['13:00', 'Second run'],
      ['16:00', 'Prize giving'],
    ]
      .map(([time, what]) => `<tr><td style="padding:6px 24px 6px 0"><b>${time}</b></td><td>${what}</td></tr>`)
      .join('')}
  </table>
  <p>Times are approximate and may change on the day.</p></body></html>`);
  await writeFile(join(OUT, 'timetable.pdf'), await page.pdf({ format: 'A4' }));
  console.log('timetable.pdf');
}

await browser.close();
