/** Stub: replaced by its real page in this issue. */
export function ResetPasswordPage() {
  return <h1>ResetPasswordPage</h1>;
}
