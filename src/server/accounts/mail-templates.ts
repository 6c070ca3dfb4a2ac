import type { Config } from '../config.ts';
import { renderEmail } from '../mail/render.ts';
import type { RenderedMail } from '../mail/templates.ts';

/** The address the reset page (web route /reset-password/:uidb64/:token) is reached at. */
export function resetLink(config: Config, uidb64: string, token: string): string {
  return `${config.publicUrl}/reset-password/${encodeURIComponent(uidb64)}/${encodeURIComponent(token)}`;
}

/** The password-reset e-mail (src/emails/accounts.tsx), HTML and plain text. */
export function passwordResetMail(config: Config, firstName: string, link: string): Promise<RenderedMail> {
  return renderEmail(config, 'password-reset', { firstName, link });
}
