import type { ReactNode } from 'react';
import responsive from './responsive.module.css';

/** Something said one way above 768 px and another at 768 px or less (doc 1 §9): both are
 * rendered and CSS shows one, so the server's HTML and the browser's first render agree. */
export function NarrowOrWide({ narrow, wide }: { narrow: ReactNode; wide: ReactNode }) {
  if (narrow === wide) return wide;
  return (
    <>
      <span className={responsive.wideOnly}>{wide}</span>
      <span className={responsive.narrowOnly}>{narrow}</span>
    </>
  );
}
