import { useEffect } from 'react';
import { ScrollRestoration, useLocation } from 'react-router';

/** How long to wait for a hash target that a lazy page renders after its data arrives. */
const HASH_WAIT_MS = 3000;
const HASH_POLL_MS = 100;

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
    const attempt = () => {
      const target = document.getElementById(id);
      if (target) {
        // leave room for the sticky navigation bar
        const header = document.querySelector('header')?.getBoundingClientRect().height ?? 0;
        const top = target.getBoundingClientRect().top + window.scrollY - header - 8;
        window.scrollTo({ top, behavior: 'smooth' });
        return;
      }
      if (Date.now() - started < HASH_WAIT_MS) timer = setTimeout(attempt, HASH_POLL_MS);
    };
    attempt();
    return () => clearTimeout(timer);
  }, [hash, key]);

  return <ScrollRestoration />;
}
