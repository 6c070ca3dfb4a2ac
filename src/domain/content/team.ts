import { z } from 'zod';
import { CONTENT_MSG } from './messages.ts';
import { clearFlag, collect, type FieldMessages, requiredText } from './shared.ts';

export interface TeamMemberValues {
  first_name: string;
  last_name: string;
  position: string;
}

export const TEAM_LIMITS = { name: 50, position: 100 } as const;

/** Multipart text fields: `photo` sent as text is ignored; `photo_clear=true` removes the photo. */
export const teamMemberFormSchema = z.strictObject({
  first_name: z.string().trim().optional(),
  last_name: z.string().trim().optional(),
  position: z.string().trim().optional(),
  photo: z.string().optional(),
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
    ['first_name', requiredText(v.first_name, CONTENT_MSG.firstNameRequired, 'First name', TEAM_LIMITS.name)],
    ['last_name', requiredText(v.last_name, CONTENT_MSG.lastNameRequired, 'Last name', TEAM_LIMITS.name)],
    ['position', requiredText(v.position, CONTENT_MSG.positionRequired, 'Position', TEAM_LIMITS.position)],
  ]);
}
