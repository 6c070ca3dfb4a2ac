/** The admin side menu (doc 2 §2): the 13 panel keys in order (and Orders & Payments, issue 9; Messages and Mail, issue 24;
 * Before Entries Open and Site Health, issue 25; Start Lists, issue 27; Security Log, issue 37),
 * their labels, and which need a super administrator. */
export const PANEL_KEYS = [
  'bookings',
  'users',
  'confirmRacer',
  'linkRequests',
  'bookedParticipants',
  'startLists',
  'payments',
  'editContent',
  'organizationDocuments',
  'teamMembers',
  'faqs',
  'governance',
  'contactMessages',
  'mail',
  'preflight',
  'points',
  'teamGroupings',
  'maintenance',
  'siteHealth',
  'securityLog',
] as const;

export type PanelKey = (typeof PANEL_KEYS)[number];

export interface PanelInfo {
  key: PanelKey;
  label: string;
  /** Points, Team Groupings and Maintenance Mode are for super administrators only. */
  superOnly: boolean;
}

export const PANELS: readonly PanelInfo[] = [
  { key: 'bookings', label: 'Bookings', superOnly: false },
  { key: 'users', label: 'Users', superOnly: false },
  { key: 'confirmRacer', label: 'Confirm Racers', superOnly: false },
  { key: 'linkRequests', label: 'Link Requests', superOnly: false },
  { key: 'bookedParticipants', label: 'Booked Participants', superOnly: false },
  { key: 'startLists', label: 'Start Lists', superOnly: false },
  { key: 'payments', label: 'Orders & Payments', superOnly: false },
  { key: 'editContent', label: 'Edit Content', superOnly: false },
  { key: 'organizationDocuments', label: 'Edit Document Content', superOnly: false },
  { key: 'teamMembers', label: 'Team Members', superOnly: false },
  { key: 'faqs', label: 'Edit FAQs', superOnly: false },
  { key: 'governance', label: 'Edit Governance', superOnly: false },
  { key: 'contactMessages', label: 'Messages', superOnly: false },
  { key: 'mail', label: 'Mail', superOnly: false },
  { key: 'preflight', label: 'Before Entries Open', superOnly: false },
  { key: 'points', label: 'Points', superOnly: true },
  { key: 'teamGroupings', label: 'Team Groupings', superOnly: true },
  { key: 'maintenance', label: 'Maintenance Mode', superOnly: true },
  { key: 'siteHealth', label: 'Site Health', superOnly: true },
  { key: 'securityLog', label: 'Security Log', superOnly: true },
];

export function panelInfo(key: PanelKey): PanelInfo {
  const info = PANELS.find((p) => p.key === key);
  if (!info) throw new Error(`Unknown admin panel ${key}`);
  return info;
}
