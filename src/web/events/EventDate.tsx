import { formatEventDate } from '../../domain/dates.ts';
import { NarrowOrWide } from '../ui/NarrowOrWide.tsx';

/** An event date as doc 1 §9 shows it: the long form with an ordinal day ("Saturday 14th March
 * 2026") above 768 px, DD/MM/YYYY at 768 px or less, chosen by CSS. */
export function EventDate({ iso }: { iso: string }) {
  return <NarrowOrWide wide={formatEventDate(iso, false)} narrow={formatEventDate(iso, true)} />;
}
