import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvCell, csvFileName, toCsv } from './csv.ts';

describe('csvCell', () => {
  it.each(['=HYPERLINK("http://x")', '+1', '-2+3', '@SUM(A1)', '\tx', '\rx'])(
    'quotes %j so it is not a formula',
    (v) => {
      expect(csvCell(v)).toBe(`'${v}`);
    },
  );

  it('leaves ordinary text, numbers and booleans as they are', () => {
    expect(csvCell('Ada')).toBe('Ada');
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(null)).toBe('');
  });
});

describe('toCsv', () => {
  it('writes a header and rows that read back cell for cell, commas and quotes included', () => {
    const csv = toCsv(
      ['Name', 'Note'],
      [
        ['Smith, Jo', 'said "hi"'],
        ['=cmd', null],
      ],
    );
    expect(csv.split('\r\n')).toHaveLength(3);
    expect(Papa.parse<string[]>(csv).data).toEqual([
      ['Name', 'Note'],
      ['Smith, Jo', 'said "hi"'],
      ["'=cmd", ''],
    ]);
  });
});

describe('csvFileName', () => {
  it('keeps a readable name and drops path and header characters', () => {
    expect(csvFileName('Club Race 2026', 'x')).toBe('Club-Race-2026.csv');
    expect(csvFileName('../a/"b"\r\n', 'x')).toBe('ab.csv');
    expect(csvFileName('Élan Ski', 'x')).toBe('Elan-Ski.csv');
    expect(csvFileName('///', 'participants')).toBe('participants.csv');
  });
});
