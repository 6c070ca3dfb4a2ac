import Papa from 'papaparse';

/**
 * A results file's records with the line each starts on, for the parser's reports ("line 7: …").
 * CSV as spreadsheets and timing software write it, read by papaparse: fields separated by the
 * file's delimiter (comma, semicolon or tab, whichever the first line uses most), quoted with
 * double quotes (a doubled quote inside is one quote; a quoted field may hold the delimiter and
 * line breaks; a quote inside an unquoted field is a character), lines ending in CRLF, LF or CR
 * (a line break inside a quoted field reads as LF). It never throws: an unterminated quote runs
 * to the end of the text.
 */
export interface FileRecord {
  /** 1-based line number where the record starts. */
  line: number;
  cells: string[];
}

const DELIMITERS = [',', ';', '\t'] as const;

export function detectDelimiter(text: string): string {
  const firstLine = text.split(/\r\n|\n|\r/, 1)[0] ?? '';
  let best = ',';
  let bestCount = 0;
  for (const d of DELIMITERS) {
    const count = firstLine.split(d).length - 1;
    if (count > bestCount) {
      best = d;
      bestCount = count;
    }
  }
  return best;
}

export function readRecords(input: string): FileRecord[] {
  const bare = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const delimiter = detectDelimiter(bare);
  // One line end throughout (papaparse takes one per file), so a file mixing them reads as written.
  // Spaces after a closing quote are allowed before a delimiter or line break; papaparse allows
  // them at the end of the text only when they are gone.
  const text = bare.replace(/\r\n?/g, '\n').replace(/ +$/, '');
  const records: FileRecord[] = [];
  let start = 0;
  let line = 1;
  Papa.parse<string[]>(text, {
    delimiter,
    newline: '\n',
    quoteChar: '"',
    escapeChar: '"',
    step: (result) => {
      const end = result.meta.cursor;
      // The line break after the last record is not a record of its own.
      if (start < text.length) records.push({ line, cells: result.data });
      line += countLineBreaks(text, start, end);
      start = end;
    },
  });
  return records;
}

function countLineBreaks(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = text.indexOf('\n', from); i !== -1 && i < to; i = text.indexOf('\n', i + 1)) n += 1;
  return n;
}

/** True when every cell of the record is empty or blank. */
export function isBlankRecord(record: FileRecord): boolean {
  return record.cells.every((c) => c.trim() === '');
}
