export interface TextPart {
  key: string;
  heading: string | null;
  lines: string[];
  items: { key: string; text: string }[];
}

/** A text block as administrators write it (Edit Content): paragraphs are separated by a blank
 * line; lines starting with "- " are list items, and a single line just above a list is its heading. */
export function parseTextBlock(text: string): TextPart[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((chunk) =>
      chunk
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean),
    )
    .filter((lines) => lines.length > 0)
    .map((lines, p) => {
      const items = lines
        .filter((l) => l.startsWith('- '))
        .map((l, i) => ({ key: `${p}.${i}`, text: l.slice(2).trim() }));
      const prose = lines.filter((l) => !l.startsWith('- '));
      const heading = items.length > 0 && prose.length === 1 && !lines[0]?.startsWith('- ') ? (prose[0] ?? null) : null;
      return { key: String(p), heading, lines: heading ? [] : prose, items };
    });
}
