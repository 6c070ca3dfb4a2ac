import { z } from 'zod';
import { fileAsText, type TextRule, textField } from '../text.ts';
import { CONTENT_MSG } from './messages.ts';
import { clearFlag, collect, type FieldMessages, requiredText } from './shared.ts';

export interface TeamMemberValues {
  first_name: string;
  last_name: string;
  position: string;
}

export const TEAM_LIMITS = { name: 50, position: 100 } as const;
const TEAM_TEXT = {
  first_name: { label: 'First name', max: TEAM_LIMITS.name, required: CONTENT_MSG.firstNameRequired },
  last_name: { label: 'Last name', max: TEAM_LIMITS.name, required: CONTENT_MSG.lastNameRequired },
  position: { label: 'Position', max: TEAM_LIMITS.position, required: CONTENT_MSG.positionRequired },
} as const satisfies Record<keyof TeamMemberValues, TextRule>;

/** Multipart text fields: `photo` sent as text is ignored; `photo_clear=true` removes the photo. */
export const teamMemberFormSchema = z.strictObject({
  first_name: textField(TEAM_TEXT.first_name).optional(),
  last_name: textField(TEAM_TEXT.last_name).optional(),
  position: textField(TEAM_TEXT.position).optional(),
  photo: textField(fileAsText('Photo')).optional(),
  photo_clear: clearFlag,
});
export type TeamMemberForm = z.infer<typeof teamMemberFormSchema>;

export function mergeTeamMember(base: TeamMemberValues, form: TeamMemberForm): TeamMemberValues {
  return {
    first_name: form.first_name ?? base.first_name,
    last_name: form.last_name ?? base.last_name,
    position: form.position ?? base.position,
  };
}

/** First name, last name and position required. */
export function validateTeamMember(v: TeamMemberValues): FieldMessages {
  return collect([
    ['first_name', requiredText(v.first_name, TEAM_TEXT.first_name)],
    ['last_name', requiredText(v.last_name, TEAM_TEXT.last_name)],
    ['position', requiredText(v.position, TEAM_TEXT.position)],
  ]);
}
