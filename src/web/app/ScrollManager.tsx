import { useEffect } from 'react';
import { ScrollRestoration, useLocation } from 'react-router';

/** How long to wait for a hash target that a lazy page renders after its data arrives. */
const HASH_WAIT_MS = 3000;
const HASH_POLL_MS = 100;
/** How long a hash target is kept in place while the page's data arrives and its height changes. */
const HASH_SETTLE_MS = 3000;
/** What the reader does to take over the scrolling: the target is then left alone. */
const READER_SCROLLS = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

/**
 * Scrolls smoothly to `target`, and scrolls to it again whenever the page's height changes in the
 * next few seconds, until the reader scrolls: the FAQs or the team arrive after the page, and the
 * browser's scroll anchoring would otherwise carry the target off screen. The target's
 * scroll-margin-top (RootLayout.module.css) keeps it below the sticky navigation bar. Returns the
 * function that stops it.
 */
function keepInView(target: HTMLElement): () => void {
  const scroll = () => target.scrollIntoView({ behavior: 'smooth', block: 'start' });
  const observer = new ResizeObserver(scroll);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    for (const type of READER_SCROLLS) window.removeEventListener(type, stop);
  };
  const timer = setTimeout(stop, HASH_SETTLE_MS);
  for (const type of READER_SCROLLS) window.addEventListener(type, stop, { passive: true });
  // observing reports the size at once, which starts the first scroll
  observer.observe(document.body);
  return stop;
}

/** After navigation (doc 1 §2): scroll to the top, restore the saved position on back and
 * forward (React Router's ScrollRestoration), or scroll smoothly to a hash target such as #faq. */
export function ScrollManager() {
  const { hash, key } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: key re-runs the effect when the same hash is chosen again
  useEffect(() => {
    if (!hash) return;
    const id = decodeURIComponent(hash.slice(1));
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stop: (() => void) | undefined;
    const attempt = () => {
      const target = document.getElementById(id);
      if (target) stop = keepInView(target);
      else if (Date.now() - started < HASH_WAIT_MS) timer = setTimeout(attempt, HASH_POLL_MS);
    };
    attempt();
    return () => {
      clearTimeout(timer);
      stop?.();
    };
  }, [hash, key]);

  return <ScrollRestoration />;
}
