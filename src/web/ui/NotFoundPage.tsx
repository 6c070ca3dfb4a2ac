/** Stub: replaced by its real page in this issue. */
export function NotFoundPage() {
  return <h1>NotFoundPage</h1>;
}
