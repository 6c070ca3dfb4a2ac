import type { Config } from '../config.ts';
import type { MailMessage } from '../plugins/mail.ts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);
}

/** The address the reset page (web route /reset-password/:uidb64/:token) is reached at. */
export function resetLink(config: Config, uidb64: string, token: string): string {
  return `${config.publicUrl}/reset-password/${encodeURIComponent(uidb64)}/${encodeURIComponent(token)}`;
}

/** The password-reset e-mail, plain text and HTML. */
export function passwordResetMail(config: Config, to: { email: string; firstName: string }, link: string): MailMessage {
  const { code, name } = config.association;
  const text = [
    `Hello ${to.firstName},`,
    '',
    `Someone asked to reset the password of your ${code} account. To choose a new password, open this link:`,
    '',
    link,
    '',
    'The link works once and expires after 1 hour. If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
    '',
    name,
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(to.firstName)},</p>`,
    `<p>Someone asked to reset the password of your ${escapeHtml(code)} account. To choose a new password, open this link:</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    '<p>The link works once and expires after 1 hour. If you did not ask for this, you can ignore this e-mail: your password stays as it is.</p>',
    `<p>${escapeHtml(name)}</p>`,
  ].join('\n');
  return { to: to.email, subject: `${code} password reset`, text, html };
}
