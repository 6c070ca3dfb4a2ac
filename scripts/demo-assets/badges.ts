/**
 * Round logos (240 × 240 PNG, transparent outside the circle: the event card shows them in a
 * round frame) and illustrated committee portraits (320 × 320 PNG). No real people's photos.
 */
import { esc, FONT, n, svgDoc, textWidth } from './art.ts';

export type Emblem = 'peaks' | 'snowflake' | 'tree' | 'windmill' | 'flag' | 'chevrons' | 'mortarboard' | 'skis';

export interface Logo {
  /** The letters on the badge (the club's short code, or a word). */
  text: string;
  emblem: Emblem;
  colour: string;
  accent: string;
}

function emblem(kind: Emblem, ink: string, accent: string): string {
  switch (kind) {
    case 'peaks':
      return `<path d="M52 118 L96 52 L118 84 L138 60 L188 118 Z" fill="${ink}"/><path d="M96 52 L108 70 L96 66 L86 72 Z M138 60 L150 76 L138 73 L128 78 Z" fill="${accent}"/>`;
    case 'snowflake': {
      let d = '';
      for (let i = 0; i < 6; i++) {
        const a = (i * Math.PI) / 3;
        const x = (r: number) => n(120 + Math.cos(a) * r);
        const y = (r: number) => n(86 + Math.sin(a) * r);
        d += `M120 86L${x(38)} ${y(38)}`;
        const side = (da: number) =>
          `M${x(24)} ${y(24)}L${n(120 + Math.cos(a) * 24 + Math.cos(a + da) * 12)} ${n(86 + Math.sin(a) * 24 + Math.sin(a + da) * 12)}`;
        d += side(0.8) + side(-0.8);
      }
      return `<path d="${d}" stroke="${ink}" stroke-width="7" stroke-linecap="round"/><circle cx="120" cy="86" r="7" fill="${accent}"/>`;
    }
    case 'tree':
      return `<rect x="114" y="92" width="12" height="30" fill="${accent}"/><circle cx="120" cy="74" r="30" fill="${ink}"/><circle cx="98" cy="90" r="18" fill="${ink}"/><circle cx="142" cy="90" r="18" fill="${ink}"/>`;
    case 'windmill':
      return `<path d="M106 122 L112 76 L128 76 L134 122 Z" fill="${ink}"/><path d="M104 78 L120 62 L136 78 Z" fill="${ink}"/>
<g transform="rotate(20 120 74)" stroke="${accent}" stroke-width="8" stroke-linecap="round"><path d="M120 74 L120 34 M120 74 L160 74 M120 74 L120 114 M120 74 L80 74"/></g><circle cx="120" cy="74" r="6" fill="${ink}"/>`;
    case 'flag':
      return `<line x1="104" y1="44" x2="104" y2="124" stroke="${ink}" stroke-width="7" stroke-linecap="round"/><path d="M107 46 L160 62 L107 80 Z" fill="${accent}"/><path d="M70 124 Q120 100 170 124" stroke="${ink}" stroke-width="6" fill="none"/>`;
    case 'chevrons':
      return `<path d="M70 70 L120 46 L170 70 M70 96 L120 72 L170 96 M70 122 L120 98 L170 122" stroke="${ink}" stroke-width="10" stroke-linejoin="round" stroke-linecap="round" fill="none"/><circle cx="120" cy="46" r="7" fill="${accent}"/>`;
    case 'mortarboard':
      return `<path d="M62 70 L120 46 L178 70 L120 94 Z" fill="${ink}"/><path d="M88 82 L88 108 Q120 126 152 108 L152 82 L120 94 Z" fill="${ink}"/><path d="M170 74 L170 108" stroke="${accent}" stroke-width="5"/><circle cx="170" cy="110" r="6" fill="${accent}"/>`;
    case 'skis':
      return `<g stroke-linecap="round"><line x1="78" y1="122" x2="162" y2="48" stroke="${ink}" stroke-width="10"/><line x1="78" y1="48" x2="162" y2="122" stroke="${accent}" stroke-width="10"/></g>`;
  }
}

export function logo(l: Logo): string {
  let size = l.text.length > 4 ? 34 : 44;
  while (textWidth(l.text, size) > 150 && size > 16) size -= 1;
  return svgDoc(
    240,
    240,
    `<circle cx="120" cy="120" r="118" fill="${l.colour}"/>
<circle cx="120" cy="120" r="104" fill="none" stroke="#ffffff" stroke-width="4" opacity="0.85"/>
${emblem(l.emblem, '#ffffff', l.accent)}
<text x="120" y="${n(170 + size * 0.2)}" font-family="${FONT}" font-weight="700" font-size="${size}" text-anchor="middle" fill="#ffffff" letter-spacing="1">${esc(l.text)}</text>`,
  );
}

export interface Portrait {
  background: string;
  skin: string;
  hair: string;
  hairStyle: 'bob' | 'short' | 'long' | 'curly' | 'bald';
  jacket: string;
  /** The jacket's collar and zip. */
  trim: string;
  glasses?: boolean;
  beard?: boolean;
  earrings?: string;
}

/** A friendly head-and-shoulders illustration. */
export function portrait(p: Portrait): string {
  const backHair =
    p.hairStyle === 'long'
      ? `<path d="M104 120 Q100 60 160 56 Q220 60 216 120 L222 226 L98 226 Z" fill="${p.hair}"/>`
      : p.hairStyle === 'bob'
        ? `<path d="M104 118 Q100 58 160 54 Q220 58 216 118 L218 178 Q200 188 186 176 L134 176 Q120 188 102 178 Z" fill="${p.hair}"/>`
        : p.hairStyle === 'curly'
          ? `<g fill="${p.hair}">${[
              [112, 92],
              [130, 68],
              [160, 58],
              [190, 68],
              [208, 92],
              [214, 120],
              [106, 120],
            ]
              .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="24"/>`)
              .join('')}</g>`
          : '';
  const frontHair =
    p.hairStyle === 'bald'
      ? `<path d="M114 104 Q116 84 128 80 M206 104 Q204 84 192 80" stroke="${p.hair}" stroke-width="6" fill="none" stroke-linecap="round"/>`
      : p.hairStyle === 'short'
        ? `<path d="M112 112 Q108 62 160 58 Q214 62 208 112 Q200 88 176 84 Q150 92 126 88 Q114 96 112 112 Z" fill="${p.hair}"/>`
        : p.hairStyle === 'curly'
          ? ''
          : `<path d="M112 118 Q108 64 160 60 Q214 64 208 118 Q196 84 160 82 Q142 98 112 118 Z" fill="${p.hair}"/>`;
  return svgDoc(
    320,
    320,
    `<rect width="320" height="320" fill="${p.background}"/>
<circle cx="160" cy="330" r="170" fill="#ffffff" opacity="0.12"/>
<g transform="translate(160 150) scale(1.16) translate(-160 -150)">
${backHair}
<path d="M40 320 Q44 236 118 222 L202 222 Q276 236 280 320 Z" fill="${p.jacket}"/>
<rect x="140" y="176" width="40" height="52" rx="14" fill="${p.skin}"/>
<path d="M128 222 L160 262 L192 222" stroke="${p.trim}" stroke-width="10" fill="none" stroke-linejoin="round"/>
<line x1="160" y1="262" x2="160" y2="320" stroke="${p.trim}" stroke-width="4"/>
<ellipse cx="112" cy="130" rx="10" ry="14" fill="${p.skin}"/><ellipse cx="208" cy="130" rx="10" ry="14" fill="${p.skin}"/>
${p.earrings ? `<circle cx="111" cy="148" r="5" fill="${p.earrings}"/><circle cx="209" cy="148" r="5" fill="${p.earrings}"/>` : ''}
<ellipse cx="160" cy="124" rx="48" ry="58" fill="${p.skin}"/>
${p.beard ? `<path d="M114 130 Q118 186 160 188 Q202 186 206 130 Q196 160 160 160 Q124 160 114 130 Z" fill="${p.hair}"/>` : ''}
${frontHair}
<path d="M132 108 q8 -6 16 0 M172 108 q8 -6 16 0" stroke="#3b2a20" stroke-width="4" fill="none" stroke-linecap="round"/>
<circle cx="140" cy="124" r="5" fill="#2b2118"/><circle cx="180" cy="124" r="5" fill="#2b2118"/>
${p.glasses ? `<g stroke="#343a40" stroke-width="3.5" fill="none"><circle cx="140" cy="124" r="15"/><circle cx="180" cy="124" r="15"/><path d="M155 122 q5 -4 10 0"/></g>` : ''}
<path d="M158 130 q4 12 -4 16" stroke="#00000033" stroke-width="4" fill="none" stroke-linecap="round"/>
<path d="M140 156 Q160 ${p.beard ? 168 : 172} 180 156" stroke="${p.beard ? '#ffffff' : '#9d3c3c'}" stroke-width="5" fill="none" stroke-linecap="round"/>
</g>`,
  );
}
