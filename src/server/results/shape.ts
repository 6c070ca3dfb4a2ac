import { z } from 'zod';
import { MAX_COUNTING_RACES, OVERALL_GROUP_KEYS, RESULT_LIMITS, RESULTS_MSG } from '../../domain/results/index.ts';
import { textField } from '../../domain/text.ts';
import { Id } from '../plugins/params.ts';

/** The results area's request and answer shapes (doc 3 §3 and §7). */
export const ClubResultSchema = z.object({
  club_id: z.string(),
  club_name: z.string(),
  points_calculated: z.boolean(),
});

export const RaceEventSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  date: z.string().nullable(),
  year: z.number().int(),
  status: z.enum(['draft', 'published']),
  club_results: z.array(ClubResultSchema),
});

const seasonFields = {
  category_points_total: z.number(),
  category_best_4: z.number(),
  overall_points_total: z.number(),
  overall_best_4: z.number(),
  is_qualified: z.boolean(),
  races_needed: z.number().int(),
  races_participated: z.number().int(),
};

export const RaceRowSchema = z.object({
  position: z.number().int(),
  racer_id: z.string(),
  name: z.string(),
  club: z.string(),
  category: z.string(),
  time: z.string(),
  points: z.number(),
  ...seasonFields,
  club_points: z.number(),
});

export const SeasonRowSchema = z.object({
  position: z.number().int(),
  racer_id: z.string(),
  name: z.string(),
  club: z.string(),
  category: z.string(),
  ...seasonFields,
});

export const ClubPointsSchema = z.object({
  position: z.number().int(),
  club_id: z.string(),
  club_name: z.string(),
  total_points: z.number(),
});

export const SeasonTotalsAnswer = z.union([
  z.record(z.string(), z.array(SeasonRowSchema)),
  z.array(SeasonRowSchema),
  z.array(ClubPointsSchema),
]);

export const SettingsSchema = z.object({
  year: z.number().int(),
  points_table: z.array(z.number()),
  counting_races: z.number().int(),
  how_points_work: z.array(z.string()),
});

const YEAR_MESSAGE = 'The year must be written as four digits, from 2000 to 2100.';
export const Year = textField({ label: 'Year', max: 4, format: YEAR_MESSAGE }).pipe(
  z
    .string()
    .regex(/^\d{4}$/, YEAR_MESSAGE)
    .transform(Number)
    .refine((n) => n >= 2000 && n <= 2100, YEAR_MESSAGE),
);
export const YearParams = z.object({ year: Year });
export const YearQuery = z.object({ year: Year.optional() });

/** A points club's code, in the query (`slope_id`) or the path (the club of `club-data`). */
const club = (field: string) => {
  const message = `${field} must be a points club: HEM, BRE, ESX, WGC, VIK, NOR or SMK.`;
  return textField({ label: 'Club', max: 10, required: message, format: message }).pipe(
    z.string().transform((s) => s.toUpperCase()),
  );
};
export const ClubQuery = z.object({ slope_id: club('slope_id') });
export const ClubDataParams = z.object({
  id: Id,
  clubId: club('The club'),
});

export const SeasonQuery = z.object({
  group: z
    .enum(OVERALL_GROUP_KEYS, { message: 'group must be junior_men, junior_women, senior_men or senior_women' })
    .optional(),
  club_points: z.enum(['true', 'false'], { message: 'club_points must be true or false' }).optional(),
});

const cell = (label: string, max: number) => textField({ label, max }).default('');

export const ResultRowBody = z.object({
  racer_id: cell('Racer ID', RESULT_LIMITS.racerId),
  name: cell('Name', RESULT_LIMITS.name),
  club: cell('Club', RESULT_LIMITS.club),
  gender: cell('Gender', 20),
  cat: cell('Category', 20),
  time: cell('Time', 20),
  run_1: cell('Run 1', RESULT_LIMITS.run),
  run_2: cell('Run 2', RESULT_LIMITS.run),
  run_3: cell('Run 3', RESULT_LIMITS.run),
  manual_time: z.boolean().default(false),
  line: z.number().int().min(1).max(1_000_000).nullable().default(null),
  /** A Race Horology import's original status texts (docs/decisions/0049). */
  original: cell('Original status', 100),
});

export const UploadBody = z.object({
  club_id: textField({ label: 'Club', max: 10, required: 'club_id is required' }),
  club_name: textField({ label: 'Club name', max: 100 }).default(''),
  year: z.number({ message: 'year must be a number' }).int().min(2000).max(2100),
  three_runs: z.boolean().optional(),
  results: z
    .array(ResultRowBody)
    .min(1, RESULTS_MSG.nothingToCalculate)
    .max(RESULT_LIMITS.rows, RESULTS_MSG.tooManyRows(RESULT_LIMITS.rows)),
});

export const CreateRaceEventBody = z.object({
  name: textField({ label: 'Name', max: 100 }).optional(),
  date: textField({ label: 'Date', max: 10, format: 'Date must be a valid date (YYYY-MM-DD)' })
    .pipe(z.iso.date('Date must be a valid date (YYYY-MM-DD)'))
    .nullable()
    .optional(),
  year: z.number({ message: 'year must be a number' }).int().min(2000).max(2100),
  status: z.enum(['draft', 'published']).optional(),
});

/** The settings' ranges are the domain's rule (pointsSettingsProblems, in the service), in its
 * words; the shape only says what each field is, in the same words. */
export const SettingsBody = z.object({
  points_table: z.array(z.number({ message: RESULTS_MSG.pointsTableInvalid }), {
    message: RESULTS_MSG.pointsTableInvalid,
  }),
  counting_races: z.number({ message: RESULTS_MSG.countingRacesInvalid(MAX_COUNTING_RACES) }),
});
