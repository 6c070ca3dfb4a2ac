/** Stub: replaced by its real page in this issue. */
export function AdminPage() {
  return <h1>AdminPage</h1>;
}
