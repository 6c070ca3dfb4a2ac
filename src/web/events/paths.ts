/** The address of an event's page (server-painted, issue 26). */
export const eventPagePath = (slug: string) => `/events/${slug}`;

/** The address of an event's calendar file (the page's "Add to calendar"). */
export const eventCalendarPath = (slug: string) => `/api/v1/products/${slug}/calendar.ics`;
