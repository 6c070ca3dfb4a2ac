/**
 * A results file's records with the line each starts on, for the parser's reports ("line 7: …").
 * CSV as spreadsheets and timing software write it: fields separated by the file's delimiter
 * (comma, semicolon or tab, whichever the first line uses most), quoted with double quotes (a
 * doubled quote inside is one quote; a quoted field may hold the delimiter and line breaks), lines
 * ending in CRLF, LF or CR. It never throws: an unterminated quote runs to the end of the text.
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
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const delimiter = detectDelimiter(text);
  const records: FileRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let i = 0;
  const endRecord = () => {
    cells.push(cell);
    records.push({ line: recordLine, cells });
    cells = [];
    cell = '';
  };
  while (i < text.length) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        continue;
      }
      if (ch === '\r' || ch === '\n') {
        line += 1;
        if (ch === '\r' && text[i + 1] === '\n') {
          cell += '\r\n';
          i += 2;
          continue;
        }
      }
      cell += ch;
      i += 1;
      continue;
    }
    if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
      i += 1;
      continue;
    }
    if (ch === delimiter) {
      cells.push(cell);
      cell = '';
      i += 1;
      continue;
    }
    if (ch === '\r' || ch === '\n') {
      endRecord();
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line += 1;
      recordLine = line;
      continue;
    }
    cell += ch;
    i += 1;
  }
  if (cell !== '' || cells.length > 0 || quoted) endRecord();
  return records;
}

/** True when every cell of the record is empty or blank. */
export function isBlankRecord(record: FileRecord): boolean {
  return record.cells.every((c) => c.trim() === '');
}
