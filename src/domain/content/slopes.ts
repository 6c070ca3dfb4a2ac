import { z } from 'zod';
import { emailRule } from '../accounts/rules.ts';
import { CONTENT_MSG } from './messages.ts';
import { clearFlag, collect, type FieldMessages, optionalText, requiredText } from './shared.ts';

/** Club (slope) details, doc 2 "Club Details" and "Slope detail". */
export const SLOPE_TEXT_FIELDS = [
  'race_club_name',
  'slope_name',
  'slope_contact_number',
  'slope_website',
  'slope_email',
  'address_line_1',
  'address_line_2',
  'locality',
  'postcode',
] as const;
export type SlopeTextField = (typeof SLOPE_TEXT_FIELDS)[number];
export type SlopeValues = Record<SlopeTextField, string>;

/** The two pictures; sent only when they are files. */
export const SLOPE_FILE_FIELDS = ['slope_image', 'slope_map'] as const;

export const SLOPE_LIMITS: Record<SlopeTextField, { label: string; max: number }> = {
  race_club_name: { label: 'Race club name', max: 100 },
  slope_name: { label: 'Slope name', max: 100 },
  slope_contact_number: { label: 'Contact number', max: 30 },
  slope_website: { label: 'Website', max: 200 },
  slope_email: { label: 'Email', max: 254 },
  address_line_1: { label: 'Address line 1', max: 100 },
  address_line_2: { label: 'Address line 2', max: 100 },
  locality: { label: 'Locality', max: 100 },
  postcode: { label: 'Postcode', max: 10 },
};

const text = z.string().trim().optional();

/**
 * The text parts of the multipart create/update form. A missing field is empty on create and
 * unchanged on update. `slope_image`/`slope_map` sent as text (not a file) are ignored;
 * `slope_image_clear=true` / `slope_map_clear=true` remove the stored picture.
 */
export const slopeFormSchema = z.strictObject({
  race_club_name: text,
  slope_name: text,
  slope_contact_number: text,
  slope_website: text,
  slope_email: text,
  address_line_1: text,
  address_line_2: text,
  locality: text,
  postcode: text,
  slope_image: z.string().optional(),
  slope_map: z.string().optional(),
  slope_image_clear: clearFlag,
  slope_map_clear: clearFlag,
});
export type SlopeForm = z.infer<typeof slopeFormSchema>;

export const EMPTY_SLOPE: SlopeValues = {
  race_club_name: '',
  slope_name: '',
  slope_contact_number: '',
  slope_website: '',
  slope_email: '',
  address_line_1: '',
  address_line_2: '',
  locality: '',
  postcode: '',
};

/** The values after a form: what was sent, over what was there. */
export function mergeSlope(base: SlopeValues, form: SlopeForm): SlopeValues {
  const out = { ...base };
  for (const field of SLOPE_TEXT_FIELDS) {
    const value = form[field];
    if (value !== undefined) out[field] = value;
  }
  return out;
}

/** An http(s) address with a host, or empty. */
export function websiteRule(value: string): string | null {
  if (!value) return null;
  if (!/^https?:\/\/[^\s]+$/i.test(value)) return CONTENT_MSG.slopeWebsite;
  try {
    return new URL(value).hostname ? null : CONTENT_MSG.slopeWebsite;
  } catch {
    return CONTENT_MSG.slopeWebsite;
  }
}

/** Race club and slope names required; e-mail valid and website http(s) when given; every field
 * within its length (the contact number is free text of at most 30). */
export function validateSlope(v: SlopeValues): FieldMessages {
  const limit = (field: SlopeTextField) => optionalText(v[field], SLOPE_LIMITS[field].label, SLOPE_LIMITS[field].max);
  return collect([
    [
      'race_club_name',
      requiredText(
        v.race_club_name,
        CONTENT_MSG.raceClubNameRequired,
        'Race club name',
        SLOPE_LIMITS.race_club_name.max,
      ),
    ],
    [
      'slope_name',
      requiredText(v.slope_name, CONTENT_MSG.slopeNameRequired, 'Slope name', SLOPE_LIMITS.slope_name.max),
    ],
    ['slope_contact_number', limit('slope_contact_number')],
    ['slope_website', limit('slope_website')],
    ['slope_website', websiteRule(v.slope_website)],
    ['slope_email', v.slope_email ? emailRule(v.slope_email) : null],
    ['address_line_1', limit('address_line_1')],
    ['address_line_2', limit('address_line_2')],
    ['locality', limit('locality')],
    ['postcode', limit('postcode')],
  ]);
}
