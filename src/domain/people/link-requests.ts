/**
 * Link requests: how accounts become a family (doc 1 §4 "Link request", doc 2 §4; decisions.md
 * → People). A user asks to link to another username; while PENDING the maker may cancel it and
 * the user asked may reject it; an administrator approves (the two accounts join one family, two
 * families merge) or rejects. A family is formed only by an approved request.
 */
export const LINK_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type LinkStatus = (typeof LINK_STATUSES)[number];

/** What an administrator does to a request (doc 2 §7: body `action`). */
export const LINK_ACTIONS = ['approve', 'reject'] as const;
export type LinkAction = (typeof LINK_ACTIONS)[number];

/** Page size of the admin list (doc 2 §9). */
export const LINK_REQUESTS_PAGE_SIZE = 50;
/** The longest username the request form takes (the registration rule's maximum). */
export const TARGET_USER_MAX = 150;

export const LINK_MSG = {
  // the browser's own texts (doc 1 §8, doc 2 §8)
  submitFailed: 'Failed to submit link request',
  cancelFailed: 'Failed to cancel link request',
  rejectFailed: 'Failed to reject link request',
  familyFailed: 'Failed to load family data',
  updateFailed: 'An error occurred while updating link request status',
  listFailed: 'Failed to load link requests',
  familyDetailsFailed: 'Failed to load family details',
  noRequests: 'No link requests found',
  noFamily: 'No family data available',
  // the server's texts (the spec shows "the server error text" without giving it)
  targetRequired: 'Enter the username of the account to link to.',
  unknownUser: 'No account has that username.',
  self: 'You cannot link your account to itself.',
  // a family member is named by name (issue 26); an account not (yet) linked by the username the
  // user typed, so that asking does not tell a stranger's name
  alreadyLinked: (name: string) => `You are already linked to ${name}.`,
  alreadyPending: (username: string) => `A link request between you and ${username} is already waiting for approval.`,
  notFound: 'Link request not found.',
  onlyPendingCancel: 'Only a pending link request can be cancelled.',
  onlyPendingReject: 'Only a pending link request can be rejected.',
  onlyTargetRejects: 'Only the account asked can reject a link request.',
  already: (status: LinkStatus) => `The link request is already ${status.toLowerCase()}.`,
  approved: 'Link request approved.',
  rejected: 'Link request rejected.',
  familyNotFound: 'Family not found.',
  notInFamily: 'That account is not in this family.',
  notInAnyFamily: 'Your account is not in a family.',
  left: 'You have left your family.',
  removed: (name: string) => `${name} was removed from the family.`,
} as const;

/** The status an administrator's action leads to, or the refusal when it is already there. */
export function decide(current: LinkStatus, action: LinkAction): { status: LinkStatus } | { refused: string } {
  const status: LinkStatus = action === 'approve' ? 'APPROVED' : 'REJECTED';
  return current === status ? { refused: LINK_MSG.already(current) } : { status };
}

/** Who may do what to a request, as its maker or the user it names (null: neither, so the
 * request is not theirs to see). */
export function memberRole(
  request: { requesterId: number; targetId: number },
  userId: number,
): 'requester' | 'target' | null {
  if (request.requesterId === userId) return 'requester';
  if (request.targetId === userId) return 'target';
  return null;
}

/**
 * The family both accounts end in when a link is approved: the one they share, the one either
 * has, a new one (null here: the caller makes it), or, when both have one, the older (lower id)
 * absorbing the other.
 */
export function familyAfterApproval(
  a: number | null,
  b: number | null,
): { keep: number | null; absorb: number | null } {
  if (a === null) return { keep: b, absorb: null };
  if (b === null || a === b) return { keep: a, absorb: null };
  return a < b ? { keep: a, absorb: b } : { keep: b, absorb: a };
}
