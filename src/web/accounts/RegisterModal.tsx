/** Stub: the accounts work replaces it. Reads useModalStore itself to know when it is open. */
export function RegisterModal() {
  return null;
}
