import { Badge } from '@mantine/core';
import { type Product, REGISTRATION_LABELS, registrationState } from '../../../domain/events/index.ts';
import { STATUS_COLOR } from '../status-look.ts';

/** What the admin pages call an event that has no online entry (not one of the association's
 * races): it is simply on the calendar. */
const SCHEDULED = 'Scheduled';

/** An event's status in the admin pages, one look for every status: the table's Status column and
 * the edit form's heading use this same badge. */
export function EventStatusBadge({ event, now }: { event: Product; now: Date }) {
  // a cancelled event of any type says so
  const status = event.is_cancelled ? 'cancelled' : registrationState(event, now).status;
  return (
    <Badge
      color={STATUS_COLOR[status]}
      variant="filled"
      tt="none"
      size="md"
      w="max-content"
      data-testid="event-status-badge"
    >
      {status === 'none' ? SCHEDULED : REGISTRATION_LABELS[status]}
    </Badge>
  );
}
