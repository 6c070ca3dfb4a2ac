/** Stub: replaced by its real page in this issue. */
export function MaintenancePage() {
  return <h1>MaintenancePage</h1>;
}
