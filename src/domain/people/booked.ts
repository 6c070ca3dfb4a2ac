import { clubCode } from '../clubs.ts';

/** The age categories of the results (doc 3 §9), youngest first. */
export const AGE_CATEGORIES = ['U08', 'U10', 'U12', 'U14', 'U16', 'U18', 'U21', 'SM1', 'MA2', 'MA3', 'MA4'] as const;
export type AgeCategory = (typeof AGE_CATEGORIES)[number];

/** The oldest age (season year minus birth year) in each category; MA4 has no upper end. */
const UPPER_AGE: [AgeCategory, number][] = [
  ['U08', 7],
  ['U10', 9],
  ['U12', 11],
  ['U14', 13],
  ['U16', 15],
  ['U18', 17],
  ['U21', 20],
  ['SM1', 29],
  ['MA2', 39],
  ['MA3', 49],
];

/**
 * A racer's age category for a season (docs/decisions/0017): age by birth-year difference, as
 * doc 3 §5 measures it for the course type (a racer born in 2016 is 10 in every race of 2026), and
 * "Under N" meaning an age below N. Senior bands are ten years wide from 21. `null` without a date
 * of birth.
 */
export function ageCategory(dateOfBirth: string | null, seasonYear: number): AgeCategory | null {
  const birthYear = dateOfBirth ? Number(dateOfBirth.slice(0, 4)) : Number.NaN;
  if (!Number.isInteger(birthYear)) return null;
  const age = seasonYear - birthYear;
  return UPPER_AGE.find(([, upper]) => age <= upper)?.[0] ?? 'MA4';
}

/** The racer number's column header: the spec's `{product}_ID` column, "<code> ID" (spec README). */
export const racerNumberHeader = (code: string): string => `${code} ID`;

/** The 16 columns of the booked-participants CSV, in order (issue 8, "Decided here"): the racer
 * number's ("ERSA ID"), then these. */
export function bookedCsvHeaders(code: string): string[] {
  return [racerNumberHeader(code), ...BOOKED_CSV_FIELDS];
}

const BOOKED_CSV_FIELDS = [
  'First name',
  'Last name',
  'Gender',
  'Date of birth',
  'Age category',
  'Club',
  'SE registration number',
  'Email',
  'Contact number',
  'Emergency contact name',
  'Emergency contact number',
  'Photography permission',
  'Name on photos permission',
  'Social media permission',
  'Booking date',
] as const;

export interface BookedCsvPerson {
  racerId: number | null;
  firstName: string;
  lastName: string;
  gender: string | null;
  dateOfBirth: string | null;
  localClub: string;
  seRegNumber: string;
  email: string;
  contactNumber: string;
  emergencyContactName: string;
  emergencyContactNumber: string;
  permissionPhotographed: boolean;
  permissionNameOnPhotos: boolean;
  permissionSocialMedia: boolean;
  /** The booking's London date, YYYY-MM-DD. */
  bookedOn: string;
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** One CSV row for one booked participant; empty cells where a value is missing. */
export function bookedCsvRow(p: BookedCsvPerson, seasonYear: number): (string | number | null)[] {
  return [
    p.racerId,
    p.firstName,
    p.lastName,
    p.gender,
    p.dateOfBirth,
    ageCategory(p.dateOfBirth, seasonYear),
    p.localClub ? clubCode(p.localClub) : '',
    p.seRegNumber,
    p.email,
    p.contactNumber,
    p.emergencyContactName,
    p.emergencyContactNumber,
    yesNo(p.permissionPhotographed),
    yesNo(p.permissionNameOnPhotos),
    yesNo(p.permissionSocialMedia),
    p.bookedOn,
  ];
}

/** The server's texts for Add Participant and remove (doc 2 §8 shows none: the old site only
 * logged these failures). */
export const BOOKED_MSG = {
  notRace: 'Participants can be added only to race events.',
  notEligible: 'Only an active account with an approved racer profile can be added.',
  alreadyBooked: (name: string) => `${name} is already booked on this event.`,
  bookingNotFound: 'Booking not found.',
  removed: (name: string, event: string) => `${name} was removed from ${event}.`,
  noParticipants: 'No participants to download',
  noEligible: 'No eligible users found',
} as const;
