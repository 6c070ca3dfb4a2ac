/** Every route of the route table (doc 1 §2), so links never drift. */
export const paths = {
  home: '/',
  about: '/about',
  booking: '/booking',
  bookingSuccess: '/booking/success',
  /** Not in the spec's table: where a failed wallet payment lands (docs/decisions/0019). */
  bookingError: '/booking/error',
  schools: '/schools',
  slopes: '/slopes',
  safeguarding: '/safeguarding',
  contact: '/contact',
  checkout: '/checkout',
  payment: '/payment',
  profile: '/profile',
  admin: '/admin',
  resetPassword: (uidb64: string, token: string) => `/reset-password/${uidb64}/${token}`,
  maintenance: '/maintenance',
  policies: '/policies',
  results: '/results',
  governance: '/governance',
  /** Not in the spec's table: a waiting-list entry and its offer (issue 27), linked from the offer
   * e-mail. */
  waitingEntry: (id: number) => `/waiting-list/${id}`,
} as const;

/** The footer's version string: v{backend}.{frontend}; the frontend part is fixed by the spec. */
export const FRONTEND_VERSION = '0028';

/** Narrow-screen breakpoint (doc 1 §9, doc 2 §9). */
export const NARROW_QUERY = '(max-width: 768px)';
