/** The organisation document that links to the safeguarding page (doc 2 §3): named exactly so,
 * case included. No zod here: the footer of every page uses it. */
export const SAFEGUARDING_POLICY_NAME = 'Safeguarding Policy';

/** The document named exactly 'Safeguarding Policy', if any. */
export function findSafeguardingPolicy<T extends { name: string }>(documents: readonly T[]): T | undefined {
  return documents.find((d) => d.name === SAFEGUARDING_POLICY_NAME);
}
