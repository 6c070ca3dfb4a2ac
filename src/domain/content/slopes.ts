import { z } from 'zod';
import { emailRule } from '../accounts/rules.ts';
import { fileAsText, type TextRule, textField, textProblem } from '../text.ts';
import { CONTENT_MSG } from './messages.ts';
import { clearFlag, collect, type FieldMessages, requiredText } from './shared.ts';

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

/** Each field's text rule (src/domain/text.ts): its label and maximum. */
export const SLOPE_LIMITS: Record<SlopeTextField, TextRule> = {
  race_club_name: { label: 'Race club name', max: 100, required: CONTENT_MSG.raceClubNameRequired },
  slope_name: { label: 'Slope name', max: 100, required: CONTENT_MSG.slopeNameRequired },
  slope_contact_number: { label: 'Contact number', max: 30 },
  slope_website: { label: 'Website', max: 200 },
  slope_email: { label: 'Email', max: 254, format: CONTENT_MSG.slopeEmail },
  address_line_1: { label: 'Address line 1', max: 100 },
  address_line_2: { label: 'Address line 2', max: 100 },
  locality: { label: 'Locality', max: 100 },
  postcode: { label: 'Postcode', max: 10 },
};

const text = (field: SlopeTextField) => textField(SLOPE_LIMITS[field]).optional();

/**
 * The text parts of the multipart create/update form. A missing field is empty on create and
 * unchanged on update. `slope_image`/`slope_map` sent as text (not a file) are ignored;
 * `slope_image_clear=true` / `slope_map_clear=true` remove the stored picture.
 */
export const slopeFormSchema = z.strictObject({
  race_club_name: text('race_club_name'),
  slope_name: text('slope_name'),
  slope_contact_number: text('slope_contact_number'),
  slope_website: text('slope_website'),
  slope_email: text('slope_email'),
  address_line_1: text('address_line_1'),
  address_line_2: text('address_line_2'),
  locality: text('locality'),
  postcode: text('postcode'),
  slope_image: textField(fileAsText('Slope image')).optional(),
  slope_map: textField(fileAsText('Slope map')).optional(),
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
  const limit = (field: SlopeTextField) => textProblem(v[field], SLOPE_LIMITS[field]);
  return collect([
    ['race_club_name', requiredText(v.race_club_name, SLOPE_LIMITS.race_club_name)],
    ['slope_name', requiredText(v.slope_name, SLOPE_LIMITS.slope_name)],
    ['slope_contact_number', limit('slope_contact_number')],
    ['slope_website', limit('slope_website')],
    ['slope_website', websiteRule(v.slope_website)],
    ['slope_email', v.slope_email ? emailRule(v.slope_email) : null],
    ['slope_email', limit('slope_email')],
    ['address_line_1', limit('address_line_1')],
    ['address_line_2', limit('address_line_2')],
    ['locality', limit('locality')],
    ['postcode', limit('postcode')],
  ]);
}
