import { describe, expect, it } from 'vitest';
import type { ResultRow } from '../../../domain/results/index.ts';
import { ApiError } from '../../api/client.ts';
import { refusalLines } from './refusal.ts';

const row = (line: number | null): ResultRow => ({
  racer_id: '1',
  name: 'A',
  club: 'HEM',
  gender: 'Men',
  cat: 'U14',
  time: '30.00',
  run_1: '30',
  run_2: '31',
  run_3: '',
  manual_time: false,
  line,
});

describe("the Points panel's refusal lines", () => {
  it("names each row's file line (or place) for messages the request's own checks gave by field, once each", () => {
    const sent = [row(3), row(4), row(null)];
    const error = new ApiError(400, 'Invalid input', 'VALIDATION', {
      'results.0.name': ['Name contains characters that are not allowed'],
      'results.1.name': ['Name must be 100 characters or fewer'],
      'results.2.name': ['Name contains characters that are not allowed'],
      // the service's own checks already name the line
      'results.1.run_1': ['Line 4: Run 1 must be a time, DNS, DNF, DSQ or empty'],
      results: [
        'ERSA ID 9101 appears on more than one row (lines 3, 4)',
        'ERSA ID 9101 appears on more than one row (lines 3, 4)',
      ],
    });
    expect(refusalLines(error, sent)).toEqual([
      'Line 3: Name contains characters that are not allowed',
      'Line 4: Name must be 100 characters or fewer',
      'Row 3: Name contains characters that are not allowed',
      'Line 4: Run 1 must be a time, DNS, DNF, DSQ or empty',
      'ERSA ID 9101 appears on more than one row (lines 3, 4)',
    ]);
  });

  it("falls back to the refusal's message, and gives nothing for what is not the server's answer", () => {
    expect(refusalLines(new ApiError(400, 'No data to calculate points for', 'BAD_REQUEST'), [])).toEqual([
      'No data to calculate points for',
    ]);
    expect(refusalLines(new Error('offline'), [])).toEqual([]);
    // a fault has no words of ours: the title says it alone (issue 35)
    expect(refusalLines(new ApiError(500, 'Internal Server Error', 'INTERNAL'), [])).toEqual([]);
    expect(refusalLines(new ApiError(502, '<html>Bad Gateway</html>'), [])).toEqual([]);
  });
});
