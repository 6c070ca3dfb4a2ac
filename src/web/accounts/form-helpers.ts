import { MSG } from '../../domain/accounts/messages.ts';
import { ApiError } from '../api/client.ts';
import { serverMessage } from '../api/server-error.ts';

/** One look for the account modals: a bold title and a named close button. Focus goes back to
 * what opened them through the modal store (ModalHost), not through each modal. */
export const MODAL_CHROME = {
  styles: { title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 700 } },
  closeButtonProps: { 'aria-label': 'Close' },
  returnFocus: false,
} as const;

/** After a failed validation: scroll to the first invalid field of the form and focus it
 * (doc 1 §5). React may commit the errors (aria-invalid) a few frames later on a busy machine, so
 * it looks for the field on each frame, for up to ten frames. */
export function focusFirstInvalid(container: HTMLElement | null, framesLeft = 10): void {
  requestAnimationFrame(() => {
    const first = container?.querySelector<HTMLElement>('[aria-invalid="true"], input[data-invalid="true"]');
    if (!first) {
      if (framesLeft > 1) focusFirstInvalid(container, framesLeft - 1);
      return;
    }
    first.scrollIntoView({ block: 'center', behavior: 'smooth' });
    first.focus({ preventScroll: true });
    // a modal's focus trap may pull focus back when the busy submit button was disabled: take it
    // back once more on the next frame
    requestAnimationFrame(() => {
      if (document.activeElement !== first) first.focus({ preventScroll: true });
    });
  });
}

/** A character a browser drops from an address or reads as a slash: a control character
 * ('/\t/evil.example' is '//evil.example' once the tab is gone) or a backslash. */
const unsafeInPath = (text: string) =>
  [...text].some((c) => c === '\\' || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/** The `redirect` query value to go to after logging in: an in-site path only (a single '/' first,
 * never another origin or a scheme), and only when it differs from where the user already is. */
export function redirectTarget(redirect: string | null, currentPath: string): string | null {
  if (!redirect?.startsWith('/') || redirect.startsWith('//') || unsafeInPath(redirect)) return null;
  return redirect === currentPath ? null : redirect;
}

/** The message for a failed change (doc 1 §8): the server's error lists joined by commas; one
 * that mentions the current password becomes 'Current password is incorrect'. */
export function changePasswordFailure(error: unknown): string {
  let message = '';
  if (error instanceof ApiError) {
    const lists = Object.values(error.fields).flat();
    message = lists.length > 0 ? lists.join(', ') : serverMessage(error, '');
  }
  if (/current password/i.test(message)) return MSG.currentPasswordIncorrect;
  return message || MSG.changePasswordFailed;
}
