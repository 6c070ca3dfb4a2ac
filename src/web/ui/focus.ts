/** The page's main landmark: the skip link's target, and where focus goes when what had it is
 * gone. RootLayout renders it as <main id="main" tabIndex={-1}>. */
export const MAIN_ID = 'main';

/** Moves focus to the main content (without scrolling, unless asked). */
export function focusMain(options: { scroll?: boolean } = {}): void {
  document.getElementById(MAIN_ID)?.focus({ preventScroll: !options.scroll });
}

/** Whether an element can take focus back: still on the page, shown and not disabled. A control
 * that is only aria-disabled keeps its focus, so it counts. */
function canTakeFocus(element: Element | null): element is HTMLElement {
  return (
    element instanceof HTMLElement &&
    element.isConnected &&
    element !== document.body &&
    !element.matches(':disabled') &&
    element.getClientRects().length > 0
  );
}

/** The element that has focus now (null when nothing does). */
export function activeElement(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

/**
 * Gives focus back to the element that opened a modal, once the modal has closed; when that
 * element is gone (the Log In button after signing in) or disabled, to the main content, so that
 * focus is never lost on the page body. Runs after the current task, when React has rendered what
 * the closing changed.
 */
export function returnFocus(opener: Element | null): void {
  setTimeout(() => {
    if (canTakeFocus(opener)) opener.focus({ preventScroll: true });
    else focusMain();
  }, 0);
}

/** Shows a button as disabled while it keeps its place in the tab order, so focus that is on it,
 * or comes back to it from a confirmation, is not lost. Its click handler must ignore clicks
 * meanwhile. */
export function softDisabled(disabled: boolean): { 'data-disabled'?: true; 'aria-disabled'?: true } {
  return disabled ? { 'data-disabled': true, 'aria-disabled': true } : {};
}
