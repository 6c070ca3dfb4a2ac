/** Stub: replaced by its real page in this issue. */
export function ProfilePage() {
  return <h1>ProfilePage</h1>;
}
