/**
 * Flat SVG drawing pieces for the demo pictures: sky, hills, trees, slopes in perspective (dry
 * matting or indoor snow), race gates, skiers, snowboarders, banners, signs. Everything is plain
 * shapes in flat colours, so the JPGs and PNGs stay small and nothing looks like a real person.
 * `generate.ts` composes them into the pictures the demo seed uses.
 */

/** A number with at most one decimal, for compact SVG. */
export const n = (v: number): string => String(Math.round(v * 10) / 10);

export function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Deterministic pseudo-random numbers (mulberry32), so a rerun draws the same pictures. */
export function random(seed: string): () => number {
  let a = 0;
  for (const ch of seed) a = (Math.imul(a ^ ch.charCodeAt(0), 2654435761) + 1) | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const FONT = `'Liberation Sans', 'DejaVu Sans', Arial, sans-serif`;

export function svgDoc(width: number, height: number, body: string, defs = ''): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>${defs}</defs>${body}</svg>`;
}

export function linear(id: string, stops: [offset: number, colour: string][], vertical = true): string {
  const dir = vertical ? 'x1="0" y1="0" x2="0" y2="1"' : 'x1="0" y1="0" x2="1" y2="0"';
  return `<linearGradient id="${id}" ${dir}>${stops
    .map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`)
    .join('')}</linearGradient>`;
}

/** A rolling line of hills from x=0 to x=width, filled down to `bottom`. */
export function hills(
  rnd: () => number,
  o: { width: number; base: number; amplitude: number; bottom: number; colour: string; bumps?: number },
): string {
  const bumps = o.bumps ?? 4;
  const step = o.width / bumps;
  let d = `M0 ${n(o.bottom)} L0 ${n(o.base - rnd() * o.amplitude)}`;
  for (let i = 0; i < bumps; i++) {
    const x1 = i * step + step / 2;
    const x2 = (i + 1) * step;
    d += ` Q${n(x1)} ${n(o.base - o.amplitude - rnd() * o.amplitude)} ${n(x2)} ${n(o.base - rnd() * o.amplitude)}`;
  }
  d += ` L${n(o.width)} ${n(o.bottom)} Z`;
  return `<path d="${d}" fill="${o.colour}"/>`;
}

/** A round-topped deciduous tree or a pointed conifer, standing on (x, y). */
export function tree(x: number, y: number, size: number, colour: string, conifer = false): string {
  if (conifer) {
    return `<path d="M${n(x)} ${n(y - size)} L${n(x + size * 0.32)} ${n(y - size * 0.1)} L${n(x - size * 0.32)} ${n(y - size * 0.1)} Z" fill="${colour}"/>
<rect x="${n(x - size * 0.04)}" y="${n(y - size * 0.12)}" width="${n(size * 0.08)}" height="${n(size * 0.12)}" fill="#5b4636"/>`;
  }
  return `<rect x="${n(x - size * 0.05)}" y="${n(y - size * 0.45)}" width="${n(size * 0.1)}" height="${n(size * 0.45)}" fill="#5b4636"/>
<ellipse cx="${n(x)}" cy="${n(y - size * 0.62)}" rx="${n(size * 0.32)}" ry="${n(size * 0.38)}" fill="${colour}"/>`;
}

export function trees(
  rnd: () => number,
  o: {
    from: number;
    to: number;
    y: (x: number) => number;
    size: number;
    colours: string[];
    conifers?: number;
    gap?: number;
  },
): string {
  let out = '';
  const gap = o.gap ?? o.size * 0.45;
  for (let x = o.from; x < o.to; x += gap * (0.6 + rnd() * 0.8)) {
    const size = o.size * (0.75 + rnd() * 0.5);
    const colour = o.colours[Math.floor(rnd() * o.colours.length)] ?? '#2d6a4f';
    out += tree(x, o.y(x), size, colour, rnd() < (o.conifers ?? 0));
  }
  return out;
}

/**
 * A slope seen from its foot: near edge at the bottom of the picture, far edge up the hill.
 * `at(u, v)` gives a point across (u from -1 to 1) and up (v from 0, near, to 1, far), with the
 * scale of things standing there.
 */
export interface Slope {
  near: { y: number; cx: number; half: number };
  far: { y: number; cx: number; half: number };
  /** How much further away the far edge is than the near one (perspective strength). */
  depth?: number;
}

export function at(s: Slope, u: number, v: number): { x: number; y: number; scale: number } {
  const depth = s.depth ?? 5;
  const z = 1 + v * (depth - 1);
  const p = (1 / z - 1 / depth) / (1 - 1 / depth);
  const lerp = (a: number, b: number) => b + (a - b) * p;
  const cx = lerp(s.near.cx, s.far.cx);
  const half = lerp(s.near.half, s.far.half);
  const scale = lerp(1, s.far.half / s.near.half);
  return { x: cx + u * half, y: lerp(s.near.y, s.far.y), scale };
}

export function slopeShape(s: Slope, fill: string, steps = 24): string {
  const left: string[] = [];
  const right: string[] = [];
  for (let i = 0; i <= steps; i++) {
    const v = i / steps;
    const l = at(s, -1, v);
    const r = at(s, 1, v);
    left.push(`${n(l.x)},${n(l.y)}`);
    right.unshift(`${n(r.x)},${n(r.y)}`);
  }
  return `<polygon points="${[...left, ...right].join(' ')}" fill="${fill}"/>`;
}

/** Dry-slope matting: lines up the slope and across it, closing up with distance. */
export function matting(s: Slope, colour: string, across = 16, up = 22): string {
  let d = '';
  for (let i = 0; i <= across; i++) {
    const u = -1 + (2 * i) / across;
    const a = at(s, u, 0);
    const b = at(s, u, 1);
    d += `M${n(a.x)} ${n(a.y)}L${n(b.x)} ${n(b.y)}`;
  }
  for (let j = 1; j < up; j++) {
    const v = j / up;
    const a = at(s, -1, v);
    const b = at(s, 1, v);
    d += `M${n(a.x)} ${n(a.y)}L${n(b.x)} ${n(b.y)}`;
  }
  return `<path d="${d}" stroke="${colour}" stroke-width="1.4" fill="none"/>`;
}

/** Soft grooming stripes on real snow. */
export function grooming(s: Slope, colour: string, count = 9): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const u0 = -1 + (2 * i) / count;
    const u1 = u0 + 1 / count;
    const pts = [at(s, u0, 0), at(s, u1, 0), at(s, u1, 1), at(s, u0, 1)];
    out += `<polygon points="${pts.map((p) => `${n(p.x)},${n(p.y)}`).join(' ')}" fill="${colour}"/>`;
  }
  return out;
}

/** Posts and netting along both edges of a slope. */
export function edgeNetting(s: Slope, colour: string, posts = 10): string {
  let out = '';
  for (const u of [-1.02, 1.02]) {
    let line = '';
    for (let i = 0; i <= posts; i++) {
      const p = at(s, u, i / posts);
      const h = 34 * p.scale;
      out += `<line x1="${n(p.x)}" y1="${n(p.y)}" x2="${n(p.x)}" y2="${n(p.y - h)}" stroke="${colour}" stroke-width="${n(Math.max(1, 3 * p.scale))}"/>`;
      line += `${i ? 'L' : 'M'}${n(p.x)} ${n(p.y - h)}`;
    }
    out += `<path d="${line}" stroke="${colour}" stroke-width="1.5" fill="none" opacity="0.8"/>`;
  }
  return out;
}

export const RED = '#d62828';
export const BLUE = '#1d4ed8';

/** A slalom pole: one hinged pole with a small flag. */
export function slalomPole(x: number, y: number, scale: number, colour: string): string {
  const h = 78 * scale;
  const w = Math.max(1.2, 4 * scale);
  return `<line x1="${n(x)}" y1="${n(y)}" x2="${n(x)}" y2="${n(y - h)}" stroke="${colour}" stroke-width="${n(w)}" stroke-linecap="round"/>
<path d="M${n(x)} ${n(y - h)} l${n(16 * scale)} ${n(6 * scale)} l${n(-16 * scale)} ${n(6 * scale)} Z" fill="${colour}"/>`;
}

/** A giant-slalom gate: two poles with a panel between them. */
export function gsGate(x: number, y: number, scale: number, colour: string): string {
  const h = 84 * scale;
  const w = 46 * scale;
  const pole = Math.max(1.2, 3.5 * scale);
  return `<line x1="${n(x)}" y1="${n(y)}" x2="${n(x)}" y2="${n(y - h)}" stroke="#f8f9fa" stroke-width="${n(pole)}"/>
<line x1="${n(x + w)}" y1="${n(y)}" x2="${n(x + w)}" y2="${n(y - h)}" stroke="#f8f9fa" stroke-width="${n(pole)}"/>
<rect x="${n(x)}" y="${n(y - h + 4 * scale)}" width="${n(w)}" height="${n(38 * scale)}" fill="${colour}"/>
<rect x="${n(x + 6 * scale)}" y="${n(y - h + 16 * scale)}" width="${n(w - 12 * scale)}" height="${n(5 * scale)}" fill="#ffffff" opacity="0.85"/>`;
}

/** A low stubby gate used by young racers. */
export function stubby(x: number, y: number, scale: number, colour: string): string {
  const h = 34 * scale;
  return `<line x1="${n(x)}" y1="${n(y)}" x2="${n(x)}" y2="${n(y - h)}" stroke="${colour}" stroke-width="${n(Math.max(2, 9 * scale))}" stroke-linecap="round"/>`;
}

export interface Figure {
  x: number;
  y: number;
  scale: number;
  suit: string;
  trim?: string;
  helmet: string;
  /** Degrees: positive leans forward into the turn. */
  lean?: number;
  /** Travelling to the left instead of the right. */
  left?: boolean;
  bib?: string;
  skin?: string;
}

/** A ski racer carving a turn. Feet at (x, y), about 130 × scale tall. */
export function skier(f: Figure): string {
  const trim = f.trim ?? '#1b1b1b';
  const bib = f.bib
    ? `<g transform="rotate(-30 6 -66)"><rect x="-6" y="-78" width="24" height="22" rx="3" fill="#ffffff"/>
<text x="6" y="-62" font-family="${FONT}" font-weight="700" font-size="13" text-anchor="middle" fill="#1b1b1b">${esc(f.bib)}</text></g>`
    : '';
  return `<g transform="translate(${n(f.x)} ${n(f.y)}) scale(${n(f.left ? -f.scale : f.scale)} ${n(f.scale)}) rotate(${n(f.lean ?? 12)})" stroke-linecap="round" stroke-linejoin="round">
<line x1="-48" y1="-2" x2="52" y2="-10" stroke="${trim}" stroke-width="5"/>
<line x1="-40" y1="8" x2="58" y2="0" stroke="${trim}" stroke-width="5"/>
<polyline points="-6,-4 10,-28 -6,-50" stroke="${trim}" stroke-width="13" fill="none"/>
<polyline points="8,4 26,-22 6,-50" stroke="${f.suit}" stroke-width="14" fill="none"/>
<line x1="-2" y1="-52" x2="18" y2="-84" stroke="${f.suit}" stroke-width="24"/>
${bib}
<polyline points="8,-80 -8,-66 -20,-64" stroke="${trim}" stroke-width="9" fill="none"/>
<line x1="-20" y1="-64" x2="-52" y2="-22" stroke="#495057" stroke-width="3"/>
<polyline points="20,-80 38,-68 50,-72" stroke="${f.suit}" stroke-width="9" fill="none"/>
<line x1="50" y1="-72" x2="32" y2="-8" stroke="#495057" stroke-width="3"/>
<circle cx="30" cy="-98" r="14" fill="${f.helmet}"/>
<rect x="31" y="-100" width="15" height="8" rx="3.5" fill="#ffb703" stroke="#1b1b1b" stroke-width="1.5"/>
<path d="M20 -90 q10 8 22 2" stroke="${f.skin ?? '#e0ac69'}" stroke-width="5" fill="none"/>
</g>`;
}

/** A snowboarder riding across the slope. Feet at (x, y). */
export function boarder(f: Figure): string {
  const trim = f.trim ?? '#1b1b1b';
  return `<g transform="translate(${n(f.x)} ${n(f.y)}) scale(${n(f.left ? -f.scale : f.scale)} ${n(f.scale)}) rotate(${n(f.lean ?? -6)})" stroke-linecap="round" stroke-linejoin="round">
<rect x="-46" y="-4" width="96" height="10" rx="5" fill="${trim}"/>
<polyline points="-22,-2 -12,-26 -2,-50" stroke="${trim}" stroke-width="13" fill="none"/>
<polyline points="24,-2 14,-26 4,-50" stroke="${f.suit}" stroke-width="14" fill="none"/>
<line x1="0" y1="-52" x2="6" y2="-86" stroke="${f.suit}" stroke-width="24"/>
<polyline points="0,-80 -22,-72 -40,-78" stroke="${trim}" stroke-width="9" fill="none"/>
<polyline points="12,-80 34,-70 50,-74" stroke="${f.suit}" stroke-width="9" fill="none"/>
<circle cx="14" cy="-102" r="14" fill="${f.helmet}"/>
<rect x="16" y="-104" width="14" height="8" rx="3.5" fill="#4cc9f0" stroke="#1b1b1b" stroke-width="1.5"/>
</g>`;
}

/** A person standing (for crowds and stands), feet at (x, y), about 110 × scale tall. */
export function person(x: number, y: number, scale: number, coat: string, skin: string, hair: string): string {
  return `<g transform="translate(${n(x)} ${n(y)}) scale(${n(scale)})">
<rect x="-11" y="-50" width="9" height="50" rx="4" fill="#343a40"/>
<rect x="2" y="-50" width="9" height="50" rx="4" fill="#343a40"/>
<rect x="-17" y="-92" width="34" height="48" rx="12" fill="${coat}"/>
<circle cx="0" cy="-104" r="13" fill="${skin}"/>
<path d="M-13 -106 a13 13 0 0 1 26 0 q-13 -6 -26 0z" fill="${hair}"/>
</g>`;
}

/** A banner with centred text; the text shrinks to fit. */
export function banner(o: {
  x: number;
  y: number;
  width: number;
  height: number;
  fill: string;
  text: string;
  colour?: string;
  size?: number;
  rx?: number;
  stroke?: string;
}): string {
  const max = o.width - o.height * 0.8;
  let size = o.size ?? o.height * 0.56;
  while (textWidth(o.text, size) > max && size > 8) size -= 1;
  return `<rect x="${n(o.x)}" y="${n(o.y)}" width="${n(o.width)}" height="${n(o.height)}" rx="${n(o.rx ?? 6)}" fill="${o.fill}"${
    o.stroke ? ` stroke="${o.stroke}" stroke-width="3"` : ''
  }/>
<text x="${n(o.x + o.width / 2)}" y="${n(o.y + o.height / 2 + size * 0.36)}" font-family="${FONT}" font-weight="700" font-size="${n(size)}" text-anchor="middle" fill="${o.colour ?? '#ffffff'}">${esc(o.text)}</text>`;
}

/** A rough width of bold sans text, enough to keep a label inside its box. */
export function textWidth(text: string, size: number): number {
  let w = 0;
  for (const ch of text) {
    if (ch === ' ') w += 0.28;
    else if ("il.,:;|!'".includes(ch)) w += 0.3;
    else if ('mwMW'.includes(ch)) w += 0.9;
    else if (ch >= 'A' && ch <= 'Z') w += 0.72;
    else w += 0.6;
  }
  return w * size;
}

/** Bunting: a line of little triangular flags between two points. */
export function bunting(x1: number, y1: number, x2: number, y2: number, colours: string[], sag = 24): string {
  const count = Math.max(4, Math.round(Math.hypot(x2 - x1, y2 - y1) / 26));
  const mx = (x1 + x2) / 2;
  const my = (y1 + y2) / 2 + sag;
  let out = `<path d="M${n(x1)} ${n(y1)} Q${n(mx)} ${n(my + sag)} ${n(x2)} ${n(y2)}" stroke="#495057" stroke-width="1.5" fill="none"/>`;
  for (let i = 1; i < count; i++) {
    const t = i / count;
    const x = (1 - t) * (1 - t) * x1 + 2 * (1 - t) * t * mx + t * t * x2;
    const y = (1 - t) * (1 - t) * y1 + 2 * (1 - t) * t * (my + sag) + t * t * y2;
    const c = colours[i % colours.length] ?? '#e63946';
    out += `<path d="M${n(x - 7)} ${n(y)} L${n(x + 7)} ${n(y)} L${n(x)} ${n(y + 14)} Z" fill="${c}"/>`;
  }
  return out;
}
