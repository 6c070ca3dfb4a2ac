/** The ports one Playwright run uses; E2E_PORT moves them all, so parallel runs do not clash. */
export const APP_PORT = Number(process.env.E2E_PORT ?? 4173);
export const SMTP_PORT = APP_PORT + 1000;
export const MAILBOX_HTTP_PORT = APP_PORT + 2000;
