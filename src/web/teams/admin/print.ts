import type { Generated } from './TeamResults.tsx';

const html = (text: string | number) =>
  String(text).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function table(head: string[], rows: (string | number)[][]): string {
  return `<table><thead><tr>${head.map((h) => `<th>${html(h)}</th>`).join('')}</tr></thead><tbody>${rows
    .map((r) => `<tr>${r.map((c) => `<td>${html(c)}</td>`).join('')}</tr>`)
    .join('')}</tbody></table>`;
}

/** The print view (doc 3 §9; decisions: a print stylesheet, black and white, A4): the same teams,
 * club lists and specialised teams as the screen, in the same order. Every text is escaped. */
export function printDocument(title: string, g: Generated): string {
  const teams = g.teams
    .map(
      (t) =>
        `<section><h2>${html(t.name)}</h2><p>${t.members.length} members · average ${t.average.toFixed(2)} points</p>${table(
          ['Pos', 'Name', 'Course Type', 'Club', 'Points'],
          t.members.map((m) => [m.position, m.name, m.courseType, m.club, m.points.toFixed(2)]),
        )}</section>`,
    )
    .join('');
  const clubs = g.clubs
    .map(
      (c) =>
        `<section><h3>${html(c.club || '–')} (${c.members.length} members)</h3>${table(
          ['Pos', 'Name', 'Team', 'Course Type', 'Points'],
          c.members.map((m) => [m.position, m.name, m.teamName, m.courseType, m.points.toFixed(2)]),
        )}</section>`,
    )
    .join('');
  const specialised = g.specialised
    .map(
      (s) =>
        `<section><h3>${html(s.label)}</h3>${
          s.clubs.length === 0
            ? `<p>No ${html(s.label)} members selected.</p>`
            : s.clubs
                .map(
                  (c) =>
                    `<h4>${html(c.club || '–')}</h4>${table(
                      ['Name', 'Course Type', 'Points'],
                      c.members.map((m) => [m.name, m.courseType, m.points.toFixed(2)]),
                    )}`,
                )
                .join('')
        }</section>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${html(title)}</title><style>
@page { size: A4; margin: 14mm; }
body { font: 11pt/1.35 system-ui, sans-serif; color: #000; background: #fff; }
h1 { font-size: 16pt; } h2 { font-size: 13pt; margin: 12pt 0 2pt; } h3 { font-size: 12pt; } h4 { font-size: 11pt; margin: 6pt 0 2pt; }
table { width: 100%; border-collapse: collapse; margin-bottom: 8pt; }
th, td { border: 1px solid #000; padding: 2pt 4pt; text-align: left; }
section { break-inside: avoid; }
.part { break-before: page; }
</style></head><body><h1>${html(title)}</h1><h2>Teams</h2>${teams}<div class="part"><h2>Clubs</h2>${clubs}</div><div class="part"><h2>Specialized Teams</h2>${specialised}</div></body></html>`;
}
