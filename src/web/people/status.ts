/** The three states of a link request and of a racer's confirmation (doc 1 §3, doc 2 §4). */
export type DecisionStatus = 'PENDING' | 'APPROVED' | 'REJECTED';

export const STATUS_LABEL: Record<DecisionStatus, string> = {
  PENDING: 'Pending',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
};

/** Filled badge colours (use with `variant="filled" autoContrast`); each keeps its text (dark on
 * yellow, white on the others) at WCAG AA contrast, like the events' status badges. */
export const STATUS_COLOR: Record<DecisionStatus, string> = {
  PENDING: 'yellow.4',
  APPROVED: 'teal.9',
  REJECTED: 'red.9',
};
