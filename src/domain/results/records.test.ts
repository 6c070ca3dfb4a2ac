import { describe, expect, it } from 'vitest';
import { parseResultsFile } from './parse.ts';
import { detectDelimiter, readRecords } from './records.ts';

const lines = (text: string) => readRecords(text).map((r) => [r.line, r.cells]);

describe('reading a results file with papaparse', () => {
  it('keeps the delimiter inside a quoted field, in a semicolon file too', () => {
    expect(lines('a;b\n"x;y";"1,5"\n')).toEqual([
      [1, ['a', 'b']],
      [2, ['x;y', '1,5']],
    ]);
  });

  it('counts a CRLF inside a quoted field as one line, and counts on after it', () => {
    expect(lines('a,b\r\n"two\r\nlines",x\r\nnext,y\r\n')).toEqual([
      [1, ['a', 'b']],
      [2, ['two\nlines', 'x']],
      [4, ['next', 'y']],
    ]);
  });

  it('reads a file mixing CRLF, LF and CR line ends with the right line numbers', () => {
    expect(lines('a,b\r\nc,d\ne,f\rg,h')).toEqual([
      [1, ['a', 'b']],
      [2, ['c', 'd']],
      [3, ['e', 'f']],
      [4, ['g', 'h']],
    ]);
  });

  it('counts blank lines, and the line break ending the file is not a record', () => {
    expect(lines('a\n\n\nb\n')).toEqual([
      [1, ['a']],
      [2, ['']],
      [3, ['']],
      [4, ['b']],
    ]);
  });

  it('allows spaces after a closing quote, at the end of the text too', () => {
    expect(lines('a,"b" \n"c"  ,d\ne,"f"  ')).toEqual([
      [1, ['a', 'b']],
      [2, ['c', 'd']],
      [3, ['e', 'f']],
    ]);
  });

  it('reads a quote inside an unquoted field as a character', () => {
    expect(lines('5 "Ann",HEM\n')).toEqual([[1, ['5 "Ann"', 'HEM']]]);
  });

  it('runs an unterminated quote to the end of the text without throwing', () => {
    expect(lines('a,b\n"open,c\nd')).toEqual([
      [1, ['a', 'b']],
      [2, ['open,c\nd']],
    ]);
  });

  it('ignores a byte-order mark and takes the delimiter the first line uses most', () => {
    expect(detectDelimiter('a\tb\tc;d')).toBe('\t');
    expect(lines('\ufeffa\tb\n1\t2')).toEqual([
      [1, ['a', 'b']],
      [2, ['1', '2']],
    ]);
  });

  it('gives a row after a quoted name with a line break the line it starts on', () => {
    const text = 'a\nID,Name,Club,Gender,Cat,Run 1,Run 2\n7,"Ann\nLee",HEM,W,U21,40.1,39.9\n\n8,Bo,HEM,M,U21,41,42\n';
    expect(parseResultsFile(text, 'ERSA').rows.map((r) => [r.line, r.name])).toEqual([
      [3, 'Ann\nLee'],
      [6, 'Bo'],
    ]);
  });
});
