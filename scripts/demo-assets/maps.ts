/**
 * Location maps for the Clubs page (960 × 540 PNG): a sketch of the roads, water and parks around
 * each slope, with a pin on the slope. They are drawn by hand from general knowledge of each
 * town, not traced from any map, and say "Not to scale".
 */
import { esc, FONT, n, random, svgDoc, textWidth } from './art.ts';

type Point = [number, number];

export interface MapSpec {
  /** The pin's label (the slope's name). */
  pin: { at: Point; label: string };
  towns: { name: string; at: Point; size?: number }[];
  /** Built-up areas, as rough blobs. */
  built: { at: Point; rx: number; ry: number }[];
  parks?: Point[][];
  rivers?: { points: Point[]; name?: string; labelAt?: number }[];
  lakes?: { at: Point; rx: number; ry: number; rotate?: number; name?: string }[];
  /** Road numbers sit on the middle point of the road unless `labelAt` picks another. */
  roads: { kind: 'motorway' | 'primary' | 'a' | 'local'; points: Point[]; label?: string; labelAt?: number }[];
  /** Names of parks and other places, in green italics. */
  notes?: { text: string; at: Point }[];
}

const W = 960;
const H = 540;

const STYLE = {
  motorway: { casing: '#1c4e80', fill: '#4f8fd6', width: 12, shield: '#1c4e80' },
  primary: { casing: '#2b7a3d', fill: '#6ccf7f', width: 10, shield: '#2b7a3d' },
  a: { casing: '#b7793a', fill: '#f6c177', width: 8, shield: '#9c2f2f' },
  local: { casing: '#c9c2b4', fill: '#ffffff', width: 5, shield: '' },
} as const;

/** A smooth path through points (Catmull-Rom turned into cubic Béziers). */
function smooth(points: Point[]): string {
  if (points.length < 3) return `M${points.map(([x, y]) => `${n(x)} ${n(y)}`).join('L')}`;
  let d = `M${n(points[0]?.[0] ?? 0)} ${n(points[0]?.[1] ?? 0)}`;
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = points[Math.max(0, i - 1)] as Point;
    const p1 = points[i] as Point;
    const p2 = points[i + 1] as Point;
    const p3 = points[Math.min(points.length - 1, i + 2)] as Point;
    const c1: Point = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2: Point = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${n(c1[0])} ${n(c1[1])} ${n(c2[0])} ${n(c2[1])} ${n(p2[0])} ${n(p2[1])}`;
  }
  return d;
}

function labelPoint(points: Point[], index?: number): Point {
  return points[index ?? Math.floor(points.length / 2)] ?? [0, 0];
}

export function mapPicture(m: MapSpec): string {
  const rnd = random(m.pin.label);
  let body = `<rect width="${W}" height="${H}" fill="#f2efe6"/>`;
  // fields in soft patches
  for (let i = 0; i < 14; i++) {
    body += `<rect x="${n(rnd() * W)}" y="${n(rnd() * H)}" width="${n(80 + rnd() * 140)}" height="${n(50 + rnd() * 90)}" rx="10" fill="#e4ecd3" opacity="0.8" transform="rotate(${n(rnd() * 30 - 15)} ${W / 2} ${H / 2})"/>`;
  }
  m.built.forEach((b, i) => {
    body += `<clipPath id="town${i}"><ellipse cx="${b.at[0]}" cy="${b.at[1]}" rx="${b.rx}" ry="${b.ry}"/></clipPath>`;
    body += `<ellipse cx="${b.at[0]}" cy="${b.at[1]}" rx="${b.rx}" ry="${b.ry}" fill="#e6dfd3"/>`;
    // streets: long gentle lines across the built-up area and shorter ones between them
    let streets = '';
    const angle = rnd() * Math.PI;
    for (let k = 0; k < Math.max(3, Math.round(b.rx / 45)); k++) {
      const a = angle + (rnd() - 0.5) * 0.5 + (k % 2 ? Math.PI / 2 : 0);
      const off = (rnd() - 0.5) * 1.6;
      const cx = b.at[0] + Math.cos(a + Math.PI / 2) * off * b.rx;
      const cy = b.at[1] + Math.sin(a + Math.PI / 2) * off * b.ry;
      const bend = (rnd() - 0.5) * 60;
      streets += `M${n(cx - Math.cos(a) * 2 * b.rx)} ${n(cy - Math.sin(a) * 2 * b.rx)}Q${n(cx + bend)} ${n(cy - bend)} ${n(cx + Math.cos(a) * 2 * b.rx)} ${n(cy + Math.sin(a) * 2 * b.rx)}`;
    }
    body += `<path d="${streets}" stroke="#d4cbbd" stroke-width="7" fill="none" clip-path="url(#town${i})"/><path d="${streets}" stroke="#ffffff" stroke-width="4.5" fill="none" clip-path="url(#town${i})"/>`;
  });
  for (const park of m.parks ?? []) {
    body += `<path d="${smooth([...park, park[0] as Point])}Z" fill="#c7e3b4"/>`;
  }
  for (const lake of m.lakes ?? []) {
    body += `<ellipse cx="${lake.at[0]}" cy="${lake.at[1]}" rx="${lake.rx}" ry="${lake.ry}" fill="#a9d3f0" transform="rotate(${lake.rotate ?? 0} ${lake.at[0]} ${lake.at[1]})"/>`;
  }
  for (const river of m.rivers ?? []) {
    body += `<path d="${smooth(river.points)}" stroke="#a9d3f0" stroke-width="9" fill="none" stroke-linecap="round"/>`;
  }
  const order = ['local', 'a', 'primary', 'motorway'] as const;
  for (const kind of order) {
    for (const road of m.roads.filter((r) => r.kind === kind)) {
      const s = STYLE[kind];
      body += `<path d="${smooth(road.points)}" stroke="${s.casing}" stroke-width="${s.width + 3}" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`;
    }
    for (const road of m.roads.filter((r) => r.kind === kind)) {
      const s = STYLE[kind];
      body += `<path d="${smooth(road.points)}" stroke="${s.fill}" stroke-width="${s.width}" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`;
    }
  }
  // labels: water, then towns, then road numbers in their shields
  for (const lake of m.lakes ?? []) {
    if (lake.name) body += label(lake.name, lake.at, 15, '#2a6f97', 'italic');
  }
  for (const river of m.rivers ?? []) {
    if (river.name) body += label(river.name, labelPoint(river.points, river.labelAt), 15, '#2a6f97', 'italic', -14);
  }
  for (const note of m.notes ?? []) body += label(note.text, note.at, 15, '#386641', 'italic');
  for (const town of m.towns) body += label(town.name, town.at, town.size ?? 24, '#343a40', 'normal', 0, '700');
  for (const road of m.roads) {
    if (!road.label) continue;
    const [x, y] = labelPoint(road.points, road.labelAt);
    const w = textWidth(road.label, 15) + 14;
    body += `<rect x="${n(x - w / 2)}" y="${n(y - 12)}" width="${n(w)}" height="24" rx="4" fill="${STYLE[road.kind].shield || '#555'}" stroke="#ffffff" stroke-width="2"/>
<text x="${n(x)}" y="${n(y + 5.5)}" font-family="${FONT}" font-weight="700" font-size="15" text-anchor="middle" fill="#ffffff">${esc(road.label)}</text>`;
  }
  // the pin and its label
  const [px, py] = m.pin.at;
  const lw = textWidth(m.pin.label, 17) + 26;
  const lx = Math.min(W - lw - 10, Math.max(10, px - lw / 2));
  body += `<rect x="${n(lx)}" y="${n(py - 92)}" width="${n(lw)}" height="32" rx="16" fill="#ffffff" stroke="#c1121f" stroke-width="2"/>
<text x="${n(lx + lw / 2)}" y="${n(py - 70)}" font-family="${FONT}" font-weight="700" font-size="17" text-anchor="middle" fill="#1b1b1b">${esc(m.pin.label)}</text>
<path d="M${px} ${py} C${px - 6} ${py - 18} ${px - 20} ${py - 26} ${px - 20} ${py - 40} A20 20 0 1 1 ${px + 20} ${py - 40} C${px + 20} ${py - 26} ${px + 6} ${py - 18} ${px} ${py} Z" fill="#c1121f" stroke="#ffffff" stroke-width="2"/>
<circle cx="${px}" cy="${py - 40}" r="7" fill="#ffffff"/>`;
  // north arrow and the honest note
  body += `<g transform="translate(${W - 50} 60)"><circle r="26" fill="#ffffff" opacity="0.9"/><path d="M0 -20 L9 10 L0 4 L-9 10 Z" fill="#343a40"/><text y="22" font-family="${FONT}" font-size="12" font-weight="700" text-anchor="middle" fill="#343a40">N</text></g>`;
  body += `<rect x="12" y="${H - 36}" width="110" height="24" rx="4" fill="#ffffff" opacity="0.85"/><text x="67" y="${H - 19}" font-family="${FONT}" font-size="13" text-anchor="middle" fill="#495057">Not to scale</text>`;
  return svgDoc(W, H, body);
}

function label(
  text: string,
  [lx, y]: Point,
  size: number,
  colour: string,
  style: string,
  dy = 0,
  weight = '400',
): string {
  // kept inside the picture
  const half = textWidth(text, size) / 2 + 8;
  const x = Math.min(W - half, Math.max(half, lx));
  return `<text x="${n(x)}" y="${n(y + dy)}" font-family="${FONT}" font-size="${size}" font-style="${style}" font-weight="${weight}" text-anchor="middle" fill="${colour}" stroke="#f2efe6" stroke-width="4" paint-order="stroke">${esc(text)}</text>`;
}
