/**
 * Reserved bib numbers (docs/decisions/0048): a text like "1-9, 13, 99" (commas, semicolons,
 * spaces or new lines between items; a range written low-high) read into the numbers a bib
 * allocation skips. Bad input is never guessed at: each bad item is named with its line.
 */
export const RESERVED_LIMITS = { text: 500, highest: 9999 } as const;

export const RESERVED_MSG = {
  notNumber: (line: number, item: string) => `Line ${line}: "${item}" is not a number or a range like 1-9.`,
  downward: (line: number, item: string) => `Line ${line}: the range "${item}" goes down; write it low to high.`,
  tooHigh: (line: number, item: string) =>
    `Line ${line}: "${item}" is beyond ${RESERVED_LIMITS.highest}, the highest bib number.`,
  tooLong: `Reserved numbers must be at most ${RESERVED_LIMITS.text} characters.`,
} as const;

export interface ReservedNumbers {
  numbers: Set<number>;
  /** One message per bad item, in the order written; empty when the text is good. */
  problems: string[];
}

export function parseReserved(text: string): ReservedNumbers {
  const numbers = new Set<number>();
  const problems: string[] = [];
  if (text.length > RESERVED_LIMITS.text) return { numbers, problems: [RESERVED_MSG.tooLong] };
  text.split(/\r\n|\n|\r/).forEach((lineText, i) => {
    const line = i + 1;
    for (const raw of lineText.replace(/\s*[-–]\s*/g, '-').split(/[,;\s]+/)) {
      const item = raw.trim();
      if (!item) continue;
      const m = /^(\d{1,6})(?:\s*[-–]\s*(\d{1,6}))?$/.exec(item);
      if (!m) {
        problems.push(RESERVED_MSG.notNumber(line, item));
        continue;
      }
      const from = Number(m[1]);
      const to = m[2] === undefined ? from : Number(m[2]);
      if (from < 1) {
        problems.push(RESERVED_MSG.notNumber(line, item));
        continue;
      }
      if (to < from) {
        problems.push(RESERVED_MSG.downward(line, item));
        continue;
      }
      if (to > RESERVED_LIMITS.highest) {
        problems.push(RESERVED_MSG.tooHigh(line, item));
        continue;
      }
      for (let n = from; n <= to; n++) numbers.add(n);
    }
  });
  return { numbers, problems };
}
