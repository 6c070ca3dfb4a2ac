import { paths } from './paths.ts';

export interface NavItem {
  label: string;
  to: string;
}

/** The navigation bar's links (doc 1 §2). The About dropdown groups the association pages. */
export const HOME_LINK: NavItem = { label: 'Home', to: paths.home };

export const ABOUT_GROUP: NavItem[] = [
  { label: 'About Us', to: paths.about },
  { label: 'Clubs', to: paths.slopes },
  { label: 'Governance', to: paths.governance },
  { label: 'Safeguarding', to: paths.safeguarding },
];

export const MAIN_LINKS: NavItem[] = [
  { label: 'Booking', to: paths.booking },
  { label: 'Schools', to: paths.schools },
  { label: 'Results', to: paths.results },
  { label: 'Contact', to: paths.contact },
];

/** /policies opens in a new tab. */
export const POLICIES_LINK: NavItem = { label: 'Policies', to: paths.policies };

export function isActive(pathname: string, to: string): boolean {
  if (to === paths.home) return pathname === paths.home;
  return pathname === to || pathname.startsWith(`${to}/`);
}
