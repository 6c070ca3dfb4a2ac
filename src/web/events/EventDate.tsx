import { formatEventDate } from '../../domain/dates.ts';
import responsive from '../ui/responsive.module.css';

/** An event date as doc 1 §9 shows it: the long form with an ordinal day ("Saturday 14th March
 * 2026") above 768 px, DD/MM/YYYY at 768 px or less. Both are rendered and CSS shows one, so the
 * server's HTML and the browser's first render agree. */
export function EventDate({ iso }: { iso: string }) {
  return (
    <>
      <span className={responsive.wideOnly}>{formatEventDate(iso, false)}</span>
      <span className={responsive.narrowOnly}>{formatEventDate(iso, true)}</span>
    </>
  );
}
