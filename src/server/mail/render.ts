import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { EmailModule, EmailName, EmailPropsByName, EmailSite, RenderedEmail } from '../../emails/types.ts';
import type { Config } from '../config.ts';

/**
 * The e-mail templates (src/emails, React Email) as the server reaches them (issue 26). The server
 * runs TypeScript without a JSX step, so it never imports them: `vite build --ssr` compiles
 * src/emails/index.tsx to `{WEB_DIST}-ssr/emails.js` (dist/web-ssr/emails.js) beside the page
 * renderer, and this loads that file once. Vitest, which compiles JSX itself, imports the source
 * instead (the production-install test covers the built file). A missing build is an error that
 * says so: the mail stays in the outbox and is tried again once the build is there.
 */
export function emailsPath(webDist: string): string {
  return resolve(`${webDist.replace(/[\\/]+$/, '')}-ssr`, 'emails.js');
}

export class EmailsNotBuiltError extends Error {
  constructor(path: string) {
    super(`the e-mail templates are not built (${path} is missing): run npm run build`);
    this.name = 'EmailsNotBuiltError';
  }
}

const loaded = new Map<string, Promise<EmailModule>>();

/** True in Vitest, which imports the templates' source (it compiles JSX). */
const underVitest = () => Boolean(process.env.VITEST) && import.meta.url.endsWith('.ts');

export function loadEmails(webDist: string): Promise<EmailModule> {
  const key = underVitest() ? 'source' : emailsPath(webDist);
  let module = loaded.get(key);
  if (!module) {
    module = importEmails(key);
    loaded.set(key, module);
    // a failed load (the build not there yet) is tried again at the next mail
    module.catch(() => loaded.delete(key));
  }
  return module;
}

async function importEmails(key: string): Promise<EmailModule> {
  if (key === 'source') {
    // a path made at run time: the server's own build must not bundle the templates' source
    const source = pathToFileURL(resolve(import.meta.dirname, ['..', '..', 'emails', 'index.tsx'].join('/'))).href;
    return (await import(/* @vite-ignore */ source)) as EmailModule;
  }
  if (!existsSync(key)) throw new EmailsNotBuiltError(key);
  return (await import(/* @vite-ignore */ pathToFileURL(key).href)) as EmailModule;
}

/** The association as the e-mails show it. */
export function emailSite(config: Config): EmailSite {
  const { name, code, email, colours } = config.association;
  return { name, code, email, colours, publicUrl: config.publicUrl };
}

/** Renders the e-mail `name` for this configuration: subject, HTML and plain text. */
export async function renderEmail<N extends EmailName>(
  config: Config,
  name: N,
  props: EmailPropsByName[N],
): Promise<RenderedEmail> {
  const emails = await loadEmails(config.webDist);
  return emails.renderEmail(name, emailSite(config), props);
}
