import { z } from 'zod';
import { textField } from '../text.ts';
import { PASSWORD_FIELD_MAX } from './text-rules.ts';

/**
 * Members' data rights under UK GDPR (issue 27; docs/decisions/0050-members-data-rights.md): the
 * rules of the export and of account deletion that do not need the database.
 */

/** The association's financial year ends on 31 March (month 3, day 31). */
export const FINANCIAL_YEAR_END = { month: 3, day: 31 } as const;
/** Order, payment and refund rows are kept this many years after their financial year ends. */
export const RETENTION_YEARS = 6;

export const DATA_RIGHTS_MSG = {
  upcomingEntry: (event: string, date: string) =>
    `Your account cannot be deleted while an entry is upcoming (${event} on ${date}). ` +
    'Ask the association to cancel it, or delete your account after the race.',
  paymentUnderway: 'Your account cannot be deleted while a payment is under way. Try again in 15 minutes.',
  refundPending:
    'Your account cannot be deleted while a refund is pending. It can be deleted once the refund has been paid.',
  administrator:
    "An administrator's account cannot be deleted here. Ask a super administrator to remove your administrator role first.",
  passwordRequired: 'Please enter your password to delete your account.',
  passwordWrong: 'Your password is not correct.',
  deleted: 'Your account has been deleted.',
} as const;

/** The name a deleted racer's results carry. */
export function deletedRacerName(n: number): string {
  return `Deleted racer #${n}`;
}

/**
 * The first London day on which an order made on `day` (YYYY-MM-DD, London) may be removed: the
 * day after the end of the financial year it falls in, RETENTION_YEARS years on. An order of
 * 31 March 2027 (the year ending 31 March 2027) may go on 1 April 2033; one of 1 April 2027 on
 * 1 April 2034.
 */
export function retentionEndsOn(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const { month: endMonth, day: endDay } = FINANCIAL_YEAR_END;
  const afterEnd = month > endMonth || (month === endMonth && date > endDay);
  const yearEnds = afterEnd ? year + 1 : year;
  const next = new Date(Date.UTC(yearEnds + RETENTION_YEARS, endMonth - 1, endDay + 1));
  return next.toISOString().slice(0, 10);
}

/** A value of the export, as JSON gives it. */
export type ExportValue = string | number | boolean | null | ExportValue[] | { [key: string]: ExportValue };

/** Everything held about an account: named sections, each a list of rows. */
export interface DataExport {
  generated_at: string;
  account: { id: number; username: string };
  sections: Record<string, Record<string, ExportValue>[]>;
}

/** The export as one table of `section,row,field,value` lines (a spreadsheet opens it; every
 * value of every row is one line, nested values as JSON). */
export function exportLines(data: DataExport): (string | number | null)[][] {
  const lines: (string | number | null)[][] = [];
  for (const [section, rows] of Object.entries(data.sections)) {
    rows.forEach((row, i) => {
      for (const [field, value] of Object.entries(row)) {
        lines.push([
          section,
          i + 1,
          field,
          value !== null && typeof value === 'object' ? JSON.stringify(value) : value === null ? null : String(value),
        ]);
      }
    });
  }
  return lines;
}

export const EXPORT_CSV_HEADERS = ['section', 'row', 'field', 'value'] as const;

/** DELETE /api/v1/profile/: the account's password, asked again. */
export const deleteAccountSchema = z.strictObject({
  password: textField({ label: 'Password', max: PASSWORD_FIELD_MAX, raw: true }).default(''),
});

/** GET /api/v1/profile/export/: JSON (default) or CSV. */
export const exportQuerySchema = z.strictObject({ format: z.enum(['json', 'csv']).default('json') });
