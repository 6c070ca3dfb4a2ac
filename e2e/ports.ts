/** The ports one Playwright run uses; E2E_PORT moves them all, so parallel runs do not clash. */
export const APP_PORT = Number(process.env.E2E_PORT ?? 4173);
export const SMTP_PORT = APP_PORT + 1000;
export const MAILBOX_HTTP_PORT = APP_PORT + 2000;

/** The browser tests' server signs tokens with this secret, so a test can make an expired one. */
export const E2E_JWT_SECRET = 'e2e-only-secret-for-browser-tests-0123456789';
