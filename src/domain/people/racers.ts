/**
 * Racer confirmation (doc 2 §2 "Confirm Racers", §4 "Racer confirmation"; decisions.md → racer
 * numbers): an account that says it races waits as PENDING until an administrator approves or
 * rejects it; only an approved racer can be entered for a race. Approving a racer without a racer
 * number gives the next free one; numbers are never reused.
 */
export const RACER_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type RacerStatus = (typeof RACER_STATUSES)[number];
/** What an administrator sets (PENDING is only where every racer starts). */
export const RACER_DECISIONS = ['APPROVED', 'REJECTED'] as const;
export type RacerDecision = (typeof RACER_DECISIONS)[number];

/** Page size of the racers list (doc 2 §9). */
export const RACERS_PAGE_SIZE = 50;

export const RACER_MSG = {
  // the browser's texts (doc 2 §8)
  fetchFailed: 'Failed to fetch racers',
  actionFailed: (action: 'approve' | 'reject') => `Failed to ${action} racer`,
  updateFailed: 'An error occurred while updating racer status',
  noRacers: 'No racers found',
  // the server's texts (the spec gives none)
  approved: 'Racer approved.',
  rejected: 'Racer rejected.',
  already: (status: RacerStatus) => `The racer is already ${status.toLowerCase()}.`,
  notFound: 'Racer not found.',
} as const;

/** The refusal when a racer is already in the state asked for (its button is disabled). */
export function racerDecisionRefusal(current: RacerStatus, next: RacerDecision): string | null {
  return current === next ? RACER_MSG.already(current) : null;
}

/** The racer number an approval gives: one past the highest ever given (by approval or by hand). */
export function nextRacerNumber(highestInUse: number | null, highestEverGiven: number | null): number {
  return Math.max(highestInUse ?? 0, highestEverGiven ?? 0) + 1;
}
