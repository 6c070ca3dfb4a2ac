/**
 * The demo pictures, each composed from `art.ts`: event pictures (800 × 450, the cards' 16:9),
 * club pictures (960 × 540, the subject kept in the middle because the Clubs page crops to fit).
 */
import {
  at,
  BLUE,
  banner,
  boarder,
  bunting,
  edgeNetting,
  esc,
  type Figure,
  FONT,
  grooming,
  gsGate,
  hills,
  linear,
  matting,
  n,
  person,
  RED,
  random,
  type Slope,
  skier,
  slalomPole,
  slopeShape,
  stubby,
  svgDoc,
  textWidth,
  trees,
} from './art.ts';

export type Course = 'slalom' | 'giant-slalom' | 'parallel' | 'fun' | 'stubby' | 'board';

export interface EventPicture {
  /** The name written on the picture's banner. */
  name: string;
  setting: 'dry' | 'indoor';
  course: Course;
  /** Sky (outdoors) or hall light (indoors), top to bottom. */
  sky: [string, string];
  /** Hills, far to near (outdoors); walls and ceiling (indoors). */
  land: [string, string, string];
  /** The arch or banner colour, and its text colour. */
  accent: [string, string];
  suits: string[];
  floodlit?: boolean;
  bunting?: boolean;
  sun?: boolean;
}

const W = 800;
const H = 450;

/** The race course on a slope, far gates first so nearer things cover them. */
function course(s: Slope, kind: Course, rnd: () => number): { v: number; svg: string }[] {
  const out: { v: number; svg: string }[] = [];
  if (kind === 'parallel') {
    for (let i = 1; i <= 7; i++) {
      const v = i / 8.2;
      for (const [lane, colour] of [
        [-0.5, RED],
        [0.42, BLUE],
      ] as const) {
        const p = at(s, lane + (i % 2 ? -0.12 : 0.12), v);
        out.push({ v, svg: slalomPole(p.x, p.y, p.scale * 0.9, colour) });
      }
    }
    return out;
  }
  const count = kind === 'giant-slalom' ? 5 : kind === 'fun' ? 6 : 8;
  for (let i = 1; i <= count; i++) {
    const v = i / (count + 1.2);
    const side = i % 2 ? -1 : 1;
    const u = side * (kind === 'giant-slalom' ? 0.42 : 0.3) + (rnd() - 0.5) * 0.12;
    const p = at(s, u, v);
    const colour = i % 2 ? RED : BLUE;
    const svg =
      kind === 'giant-slalom'
        ? gsGate(p.x - (side > 0 ? 0 : 46 * p.scale), p.y, p.scale, colour)
        : kind === 'board'
          ? boardGate(p.x, p.y, p.scale, colour, side)
          : kind === 'stubby' || kind === 'fun'
            ? stubby(p.x, p.y, p.scale, i % 3 === 0 ? '#f77f00' : colour)
            : slalomPole(p.x, p.y, p.scale, colour);
    out.push({ v, svg });
  }
  return out;
}

/** A snowboard gate: a pole with a triangular panel pointing into the course. */
function boardGate(x: number, y: number, scale: number, colour: string, side: number): string {
  const h = 80 * scale;
  const w = 40 * scale * -side;
  return `<line x1="${n(x)}" y1="${n(y)}" x2="${n(x)}" y2="${n(y - h)}" stroke="#f8f9fa" stroke-width="${n(Math.max(1.2, 3.5 * scale))}"/>
<path d="M${n(x)} ${n(y - h)} L${n(x + w)} ${n(y - h + 20 * scale)} L${n(x)} ${n(y - h + 44 * scale)} Z" fill="${colour}"/>`;
}

/** The racers on the course, each at its place up the slope. */
function racers(s: Slope, pic: EventPicture): { v: number; svg: string }[] {
  const suit = (i: number) => pic.suits[i % pic.suits.length] ?? '#d62828';
  // outdoors the slope is narrower in the picture, so its racers are drawn a little larger
  const grow = pic.setting === 'dry' ? 1.3 : 1;
  const place = (u: number, v: number, f: Omit<Figure, 'x' | 'y' | 'scale'>, size = 1.05) => {
    const p = at(s, u, v);
    return { v, svg: skier({ ...f, x: p.x, y: p.y, scale: p.scale * size * grow }) };
  };
  const ride = (u: number, v: number, f: Omit<Figure, 'x' | 'y' | 'scale'>, size = 1) => {
    const p = at(s, u, v);
    return { v, svg: boarder({ ...f, x: p.x, y: p.y, scale: p.scale * size * grow }) };
  };
  switch (pic.course) {
    case 'parallel':
      return [
        place(-0.42, 0.16, { suit: suit(0), helmet: suit(0), lean: 14, bib: '7' }),
        place(0.5, 0.19, { suit: suit(1), helmet: suit(1), lean: 10, left: true, bib: '12' }),
      ];
    case 'fun':
      return [
        place(-0.15, 0.14, { suit: suit(0), helmet: suit(1), lean: 8, bib: '3' }, 0.9),
        ride(0.35, 0.3, { suit: suit(1), helmet: suit(2), left: true }, 0.85),
        place(-0.35, 0.55, { suit: suit(2), helmet: suit(0), lean: 10 }, 0.8),
      ];
    case 'board':
      return [
        ride(-0.1, 0.16, { suit: suit(0), helmet: suit(1), lean: -10 }, 1.15),
        ride(0.25, 0.5, { suit: suit(1), helmet: suit(0), lean: -8, left: true }, 1.05),
      ];
    case 'stubby':
      return [
        place(-0.05, 0.12, { suit: suit(0), helmet: suit(0), lean: 8, bib: '21' }, 0.82),
        place(0.3, 0.42, { suit: suit(1), helmet: suit(1), lean: 8, left: true, bib: '14' }, 0.78),
      ];
    case 'giant-slalom':
      return [place(0.05, 0.18, { suit: suit(0), helmet: suit(1), lean: 16, bib: '9' }, 1.1)];
    default:
      return [place(-0.08, 0.2, { suit: suit(0), helmet: suit(1), lean: 14, bib: '4' }, 1.1)];
  }
}

function outdoor(pic: EventPicture, rnd: () => number): { defs: string; body: string; slope: Slope } {
  const [far, mid, near] = pic.land;
  const slope: Slope = { near: { y: 480, cx: 390, half: 400 }, far: { y: 150, cx: 520, half: 44 }, depth: 4.5 };
  let body = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
  if (pic.sun) body += `<circle cx="150" cy="150" r="34" fill="#fff3bf" opacity="0.9"/>`;
  if (pic.floodlit) body += `<circle cx="640" cy="120" r="16" fill="#fff9db" opacity="0.95"/>`;
  body += hills(rnd, { width: W, base: 225, amplitude: 22, bottom: H, colour: far, bumps: 5 });
  body += trees(rnd, {
    from: -10,
    to: W + 10,
    y: () => 236 + rnd() * 8,
    size: 34,
    colours: [mid],
    gap: 16,
    conifers: 0.3,
  });
  body += `<path d="M0 300 C160 250 360 170 520 138 C600 128 700 170 ${W} 200 L${W} ${H} L0 ${H} Z" fill="${mid}"/>`;
  body += trees(rnd, {
    from: 560,
    to: W + 20,
    y: (x) => 150 + (x - 560) * 0.22 + 14,
    size: 44,
    colours: [near, far],
    gap: 20,
    conifers: 0.5,
  });
  body += trees(rnd, { from: -20, to: 330, y: (x) => 300 - x * 0.28 + 18, size: 46, colours: [near, far], gap: 22 });
  body += `<path d="M0 ${H} L0 372 C180 352 320 345 ${W} 362 L${W} ${H} Z" fill="${near}"/>`;
  body += slopeShape(slope, '#eef1f4');
  body += matting(slope, '#c9d1da');
  body += edgeNetting(slope, '#6c757d', 9);
  if (pic.floodlit) {
    for (const [u, v] of [
      [-1.25, 0.15],
      [1.2, 0.45],
      [-1.25, 0.7],
    ] as const) {
      const p = at(slope, u, v);
      const h = 210 * p.scale;
      body += `<line x1="${n(p.x)}" y1="${n(p.y)}" x2="${n(p.x)}" y2="${n(p.y - h)}" stroke="#495057" stroke-width="${n(5 * p.scale)}"/>
<rect x="${n(p.x - 14 * p.scale)}" y="${n(p.y - h - 8 * p.scale)}" width="${n(28 * p.scale)}" height="${n(12 * p.scale)}" rx="3" fill="#fff9db"/>
<path d="M${n(p.x - 14 * p.scale)} ${n(p.y - h)} L${n(p.x - 70 * p.scale)} ${n(p.y + 20)} L${n(p.x + 70 * p.scale)} ${n(p.y + 20)} L${n(p.x + 14 * p.scale)} ${n(p.y - h)} Z" fill="#fff9db" opacity="0.12"/>`;
    }
  }
  return {
    defs: linear('sky', [
      [0, pic.sky[0]],
      [1, pic.sky[1]],
    ]),
    body,
    slope,
  };
}

function indoor(pic: EventPicture): { defs: string; body: string; slope: Slope } {
  const [wall, ceiling, trim] = pic.land;
  const slope: Slope = { near: { y: 470, cx: 400, half: 600 }, far: { y: 175, cx: 440, half: 105 }, depth: 4 };
  const farL = at(slope, -1, 1);
  const farR = at(slope, 1, 1);
  const backTop = 118;
  let body = `<rect width="${W}" height="${H}" fill="${wall}"/>`;
  // ceiling, lit from its lamps
  body += `<polygon points="0,0 ${W},0 ${n(farR.x)},${backTop} ${n(farL.x)},${backTop}" fill="url(#sky)"/>`;
  // back wall at the top of the slope
  body += `<rect x="${n(farL.x)}" y="${backTop}" width="${n(farR.x - farL.x)}" height="${n(farL.y - backTop)}" fill="${trim}"/>`;
  // roof beams running down the hall
  let beams = '';
  for (let i = 0; i <= 8; i++) {
    const t = i / 8;
    const top = farL.x + (farR.x - farL.x) * t;
    beams += `M${n(top)} ${backTop}L${n(-200 + (W + 400) * t)} 0`;
  }
  for (const y of [12, 40, 72, 100]) {
    const k = y / backTop;
    beams += `M${n(farL.x * k)} ${y}L${n(W + (farR.x - W) * k)} ${y}`;
  }
  body += `<path d="${beams}" stroke="${ceiling}" stroke-width="3" fill="none" opacity="0.9"/>`;
  // lamps
  for (let row = 0; row < 4; row++) {
    const y = 16 + row * 28;
    const k = y / backTop;
    for (let i = 1; i < 6; i++) {
      const x0 = farL.x * k;
      const x1 = W + (farR.x - W) * k;
      const x = x0 + ((x1 - x0) * i) / 6;
      body += `<ellipse cx="${n(x)}" cy="${y}" rx="${n(9 - row * 1.6)}" ry="${n(3.5 - row * 0.5)}" fill="#fffbe6"/>`;
    }
  }
  // side walls: panels
  body += `<polygon points="0,0 ${n(farL.x)},${backTop} ${n(farL.x)},${n(farL.y)} 0,${n(slope.near.y - 80)}" fill="${wall}"/>`;
  body += `<polygon points="${W},0 ${n(farR.x)},${backTop} ${n(farR.x)},${n(farR.y)} ${W},${n(slope.near.y - 80)}" fill="${wall}"/>`;
  let panels = '';
  for (let i = 1; i < 6; i++) {
    const v = i / 6;
    const l = at(slope, -1, v);
    const r = at(slope, 1, v);
    panels += `M${n(l.x)} ${n(l.y)}L${n(l.x)} ${n(l.y - 300 * l.scale)}M${n(r.x)} ${n(r.y)}L${n(r.x)} ${n(r.y - 300 * r.scale)}`;
  }
  body += `<path d="${panels}" stroke="${trim}" stroke-width="2" opacity="0.6"/>`;
  body += slopeShape(slope, '#f8fbff');
  body += grooming(slope, '#e7f0fa', 10);
  body += edgeNetting(slope, '#adb5bd', 8);
  return {
    defs: linear('sky', [
      [0, pic.sky[0]],
      [1, pic.sky[1]],
    ]),
    body,
    slope,
  };
}

/** An event's picture: its slope, its course and racers, and its name on the finish banner. */
export function eventPicture(pic: EventPicture): string {
  const rnd = random(pic.name);
  const scene = pic.setting === 'dry' ? outdoor(pic, rnd) : indoor(pic);
  const things = [...course(scene.slope, pic.course, rnd), ...racers(scene.slope, pic)].sort((a, b) => b.v - a.v);
  let body = scene.body + things.map((t) => t.svg).join('');
  const [fill, ink] = pic.accent;
  if (pic.setting === 'dry') {
    // an inflatable finish arch framing the view, the name across its top
    body += `<rect x="-20" y="22" width="46" height="${H}" rx="22" fill="${fill}"/>
<rect x="${W - 26}" y="22" width="46" height="${H}" rx="22" fill="${fill}"/>
<rect x="-20" y="14" width="${W + 40}" height="72" rx="30" fill="${fill}"/>
<rect x="-20" y="76" width="${W + 40}" height="6" fill="#000" opacity="0.12"/>`;
    body += `<text x="52" y="64" font-family="${FONT}" font-weight="700" font-size="${n(fontSizeFor(pic.name, 40, 480))}" fill="${ink}">${esc(pic.name)}</text>`;
  } else {
    // a banner hung from the roof
    body += `<line x1="90" y1="0" x2="90" y2="26" stroke="#343a40" stroke-width="2"/><line x1="490" y1="0" x2="490" y2="26" stroke="#343a40" stroke-width="2"/>`;
    body += banner({ x: 40, y: 24, width: 500, height: 64, fill, text: pic.name, colour: ink, size: 38, rx: 4 });
  }
  if (pic.bunting) {
    body += bunting(40, 98, 420, 104, ['#e63946', '#ffb703', '#2a9d8f', '#3a86ff'], 10);
    body += bunting(420, 104, 790, 96, ['#3a86ff', '#e63946', '#ffb703', '#2a9d8f'], 10);
  }
  return svgDoc(W, H, body, scene.defs);
}

/** The largest font size (≤ max) at which `text` fits `width`. */
function fontSizeFor(text: string, max: number, width: number): number {
  let size = max;
  while (size > 10 && textWidth(text, size) > width) size -= 1;
  return size;
}

/** A snowsports show in an exhibition hall: a rose window, stands, visitors and a demo ramp. */
export function showPicture(name: string): string {
  const rnd = random(name);
  let body = `<rect width="${W}" height="${H}" fill="#f1e3c8"/>`;
  // the hall's great arched window
  body += `<path d="M150 250 A250 250 0 0 1 650 250 Z" fill="#9bd0f5"/>`;
  let spokes = '';
  for (let i = 0; i <= 12; i++) {
    const a = Math.PI * (i / 12);
    spokes += `M400 250L${n(400 - 250 * Math.cos(a))} ${n(250 - 250 * Math.sin(a))}`;
  }
  body += `<path d="${spokes}M260 250A140 140 0 0 1 540 250M330 250A70 70 0 0 1 470 250" stroke="#f1e3c8" stroke-width="7" fill="none"/>`;
  body += `<path d="M150 250 A250 250 0 0 1 650 250" stroke="#c8a97e" stroke-width="10" fill="none"/>`;
  // floor
  body += `<rect y="300" width="${W}" height="150" fill="#b08968"/><rect y="300" width="${W}" height="8" fill="#7f5539"/>`;
  // a little demo slope
  body += `<polygon points="300,300 520,180 560,180 600,300" fill="#eef1f4"/><polygon points="520,180 560,180 560,172 520,172" fill="#6c757d"/>`;
  body += boarder({ x: 470, y: 226, scale: 0.42, suit: '#ff006e', helmet: '#3a86ff', lean: -28 });
  // stands
  const stands: [x: number, colour: string, label: string][] = [
    [20, '#e63946', 'CLUBS'],
    [610, '#2a9d8f', 'SKI HIRE'],
  ];
  for (const [x, colour, label] of stands) {
    body += `<rect x="${x}" y="200" width="170" height="110" fill="#ffffff"/>`;
    let stripes = '';
    for (let i = 0; i < 170; i += 34) stripes += `<rect x="${x + i}" y="186" width="17" height="26" fill="${colour}"/>`;
    body += `<rect x="${x}" y="186" width="170" height="26" fill="#ffffff"/>${stripes}`;
    body += `<text x="${x + 85}" y="250" font-family="${FONT}" font-weight="700" font-size="22" text-anchor="middle" fill="${colour}">${label}</text>`;
    // skis in a rack
    for (let i = 0; i < 5; i++) {
      body += `<rect x="${x + 28 + i * 24}" y="262" width="9" height="46" rx="4" fill="${['#3a86ff', '#ffb703', '#8338ec', '#fb5607', '#06d6a0'][i]}"/>`;
    }
  }
  // visitors
  const coats = ['#264653', '#e76f51', '#8338ec', '#2a9d8f', '#fb8500', '#3a86ff', '#6d597a'];
  const skins = ['#f1c27d', '#e0ac69', '#c68642', '#8d5524', '#ffdbac'];
  const hairs = ['#2b2118', '#6f4e37', '#d4a373', '#1b1b1b', '#a0a0a0'];
  for (let i = 0; i < 11; i++) {
    const x = 40 + i * 70 + rnd() * 30;
    const y = 360 + rnd() * 70;
    const pick = <T>(list: T[]) => list[Math.floor(rnd() * list.length)] as T;
    body += person(x, y, 0.75 + (y - 360) / 180, pick(coats), pick(skins), pick(hairs));
  }
  body += banner({
    x: 40,
    y: 24,
    width: 500,
    height: 64,
    fill: '#7a2e0b',
    text: name,
    colour: '#ffffff',
    size: 38,
    rx: 4,
  });
  body += `<line x1="90" y1="0" x2="90" y2="24" stroke="#343a40" stroke-width="2"/><line x1="490" y1="0" x2="490" y2="24" stroke="#343a40" stroke-width="2"/>`;
  return svgDoc(W, H, body);
}

export interface ClubPicture {
  /** The name on the building's sign. */
  sign: string;
  kind: 'dry' | 'indoor';
  sky: [string, string];
  /** Far hills, near grass, tree colours. */
  land: [string, string, string[]];
  building: string;
  roof: string;
  water?: boolean;
  floodlit?: boolean;
  /** Dry slopes: a second, shorter nursery slope beside the main one. */
  nursery?: boolean;
  /** Indoor: the roof's shape. */
  roofShape?: 'box' | 'curved';
  dusk?: boolean;
  /** Draw the scene mirrored (the slope on the right), so the clubs' pictures differ. */
  mirror?: boolean;
}

const CW = 960;
const CH = 540;

function car(x: number, y: number, colour: string, scale = 1): string {
  return `<g transform="translate(${n(x)} ${n(y)}) scale(${n(scale)})">
<rect x="0" y="-18" width="56" height="16" rx="6" fill="${colour}"/>
<path d="M10 -18 L18 -30 L40 -30 L48 -18 Z" fill="${colour}"/>
<path d="M14 -19 L20 -27 L28 -27 L28 -19 Z M31 -19 L31 -27 L38 -27 L44 -19 Z" fill="#cde7f5"/>
<circle cx="14" cy="-2" r="6" fill="#212529"/><circle cx="43" cy="-2" r="6" fill="#212529"/>
</g>`;
}

/** A club's slope seen from across the car park: the slope (or the indoor hall), its lodge and sign. */
export function clubPicture(c: ClubPicture): string {
  const rnd = random(c.sign);
  const defs = linear('sky', [
    [0, c.sky[0]],
    [1, c.sky[1]],
  ]);
  const [farHills, grass, foliage] = c.land;
  let body = `<rect width="${CW}" height="${CH}" fill="url(#sky)"/>`;
  if (c.dusk) body += `<circle cx="800" cy="120" r="30" fill="#ffd6a5" opacity="0.9"/>`;
  else body += `<circle cx="820" cy="90" r="30" fill="#fff3bf" opacity="0.85"/>`;
  for (let i = 0; i < 3; i++) {
    const x = 80 + rnd() * 780;
    const y = 40 + rnd() * 80;
    body += `<g fill="#ffffff" opacity="${c.dusk ? 0.35 : 0.8}"><ellipse cx="${n(x)}" cy="${n(y)}" rx="46" ry="14"/><ellipse cx="${n(x + 26)}" cy="${n(y - 10)}" rx="26" ry="14"/></g>`;
  }
  body += hills(rnd, { width: CW, base: 300, amplitude: 26, bottom: CH, colour: farHills, bumps: 5 });
  if (c.kind === 'dry') {
    body += `<path d="M0 380 C120 300 220 170 330 150 C420 136 520 210 640 300 C760 380 880 360 ${CW} 350 L${CW} ${CH} L0 ${CH} Z" fill="${grass}"/>`;
    body += trees(rnd, {
      from: -10,
      to: 260,
      y: (x) => 380 - x * 0.78 + 20,
      size: 52,
      colours: foliage,
      gap: 24,
      conifers: 0.3,
    });
    body += trees(rnd, {
      from: 560,
      to: CW + 10,
      y: (x) => 300 + (x - 560) * 0.2 + 30,
      size: 56,
      colours: foliage,
      gap: 26,
    });
    // the slope: a white strip down the hill, with its matting
    const strip = (top: [number, number], bottom: [number, number], topW: number, bottomW: number) => {
      const [tx, ty] = top;
      const [bx, by] = bottom;
      const pts = [
        [tx, ty],
        [tx + topW, ty - 6],
        [bx + bottomW, by - 10],
        [bx, by],
      ];
      let d = '';
      for (let i = 1; i < 8; i++) {
        const t = i / 8;
        d += `M${n(tx + topW * t)} ${n(ty - 6 * t)}L${n(bx + bottomW * t)} ${n(by - 10 * t)}`;
      }
      for (let j = 1; j < 14; j++) {
        const t = j / 14;
        const lx = tx + (bx - tx) * t;
        const ly = ty + (by - ty) * t;
        const w = topW + (bottomW - topW) * t;
        d += `M${n(lx)} ${n(ly)}L${n(lx + w)} ${n(ly - 6 - 4 * t)}`;
      }
      return `<polygon points="${pts.map((p) => p.join(',')).join(' ')}" fill="#f1f3f5"/><path d="${d}" stroke="#ced4da" stroke-width="1.3" fill="none"/>`;
    };
    body += strip([300, 160], [410, 420], 60, 150);
    if (c.nursery) body += strip([610, 300], [650, 420], 50, 90);
    // a drag lift up the left side of the main slope
    let lift = '';
    for (let i = 0; i <= 4; i++) {
      const t = i / 4;
      const x = 292 + (410 - 292) * t;
      const y = 162 + (420 - 162) * t;
      lift += `<line x1="${n(x)}" y1="${n(y)}" x2="${n(x)}" y2="${n(y - 34)}" stroke="#495057" stroke-width="3"/>`;
    }
    lift += `<line x1="292" y1="128" x2="410" y2="386" stroke="#495057" stroke-width="1.2"/>`;
    body += lift;
    if (c.floodlit) {
      for (const [x, y] of [
        [380, 200],
        [520, 330],
      ] as const) {
        body += `<line x1="${x}" y1="${y}" x2="${x}" y2="${y - 120}" stroke="#6c757d" stroke-width="4"/><rect x="${x - 14}" y="${y - 128}" width="28" height="10" rx="2" fill="#fff9db"/>`;
      }
    }
    // skiers, small, on the slope
    body += skier({ x: 360, y: 300, scale: 0.32, suit: '#e63946', helmet: '#1d3557', lean: 10 });
    body += skier({ x: 420, y: 380, scale: 0.38, suit: '#3a86ff', helmet: '#ffb703', lean: 10, left: true });
  } else {
    body += `<rect y="390" width="${CW}" height="${CH - 390}" fill="${grass}"/>`;
    body += trees(rnd, {
      from: -10,
      to: CW + 10,
      y: () => 396 + rnd() * 6,
      size: 60,
      colours: foliage,
      gap: 28,
      conifers: 0.2,
    });
    // the hall: a long building rising towards the left, clad in panels
    const roof =
      c.roofShape === 'curved'
        ? `M170 430 L170 170 C260 120 420 150 820 300 L820 430 Z`
        : `M170 430 L170 150 L820 300 L820 430 Z`;
    body += `<path d="${roof}" fill="${c.building}"/>`;
    let panels = '';
    for (let x = 200; x < 820; x += 34) panels += `M${x} 430L${x} ${n(150 + ((x - 170) / 650) * 150 + 6)}`;
    body += `<path d="${panels}" stroke="${c.roof}" stroke-width="2" opacity="0.45"/>`;
    body += `<path d="${c.roofShape === 'curved' ? 'M170 170 C260 120 420 150 820 300' : 'M170 150 L820 300'}" stroke="${c.roof}" stroke-width="12" fill="none"/>`;
    // glass entrance and sign
    body += `<rect x="560" y="330" width="200" height="100" fill="#a8dadc"/><path d="M600 330V430M640 330V430M680 330V430M720 330V430M560 372H760" stroke="#457b9d" stroke-width="3"/>`;
  }
  // the lodge or entrance block with the sign
  if (c.kind === 'dry') {
    body += `<rect x="500" y="352" width="230" height="80" fill="${c.building}"/>
<path d="M485 356 L615 308 L745 356 Z" fill="${c.roof}"/>
<rect x="520" y="382" width="40" height="30" fill="#cde7f5"/><rect x="575" y="382" width="40" height="50" fill="#6c4f3d"/><rect x="630" y="382" width="40" height="30" fill="#cde7f5"/><rect x="682" y="382" width="34" height="30" fill="#cde7f5"/>`;
    body += `<rect y="432" width="${CW}" height="70" fill="${grass}"/>`;
  }
  if (c.mirror) body = `<g transform="translate(${CW} 0) scale(-1 1)">${body}</g>`;
  const signW = Math.min(560, 90 + c.sign.length * 17);
  if (c.kind === 'dry') {
    for (const x of [480 - signW / 2 + 30, 480 + signW / 2 - 30]) {
      body += `<line x1="${n(x)}" y1="470" x2="${n(x)}" y2="502" stroke="#5b4636" stroke-width="6"/>`;
    }
  }
  body += banner({
    x: 480 - signW / 2,
    y: c.kind === 'dry' ? 438 : 250,
    width: signW,
    height: 50,
    fill: '#1d3557',
    text: c.sign,
    colour: '#ffffff',
    size: 28,
    rx: 6,
  });
  // foreground: car park or water
  if (c.water) {
    body += `<rect y="${CH - 40}" width="${CW}" height="40" fill="#4ea8de"/><path d="M60 ${CH - 24}h90M300 ${CH - 14}h120M640 ${CH - 26}h80M820 ${CH - 12}h70" stroke="#caf0f8" stroke-width="3"/>`;
  } else {
    body += `<rect y="${CH - 44}" width="${CW}" height="44" fill="#6c757d"/><path d="M0 ${CH - 22}H${CW}" stroke="#f8f9fa" stroke-width="3" stroke-dasharray="24 18"/>`;
  }
  const cars = ['#e63946', '#f1faee', '#457b9d', '#2a9d8f', '#ffb703', '#6d597a'];
  for (let i = 0; i < 4; i++) {
    const x = i < 2 ? 40 + i * 80 : 740 + (i - 2) * 90;
    if (!c.water) body += car(x, CH - 16, cars[Math.floor(rnd() * cars.length)] ?? '#e63946', 1.2);
  }
  return svgDoc(CW, CH, body, defs);
}
