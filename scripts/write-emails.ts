/**
 * Writes every e-mail template (src/emails) with its sample data to a folder for review: for each
 * sample `{template}-{n}.html` and `{template}-{n}.txt` (the plain-text part, its subject on the
 * first line), and an index.html linking them all.
 *
 *   npm run build   (or: npx vite build --ssr, which compiles the templates to dist/web-ssr/emails.js)
 *   node scripts/write-emails.ts [out-dir]      (default: emails-review)
 *
 * The association's name, code, e-mail, address and colours come from the environment as the
 * server reads them (ASSOCIATION_NAME, ASSOCIATION_COLOURS, …; README "Configuration").
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { EmailName } from '../src/emails/types.ts';
import { loadConfig } from '../src/server/config.ts';
import { emailSite, loadEmails } from '../src/server/mail/render.ts';

const outDir = resolve(process.argv[2] ?? 'emails-review');
const config = loadConfig({ ...process.env, NODE_ENV: 'development' });
const emails = await loadEmails(config.webDist);
const site = emailSite(config);
await mkdir(outDir, { recursive: true });
const links: string[] = [];
for (const name of emails.EMAIL_NAMES) {
  const samples = emails.SAMPLES[name] as Parameters<typeof emails.renderEmail<EmailName>>[2][];
  for (const [i, props] of samples.entries()) {
    const mail = await emails.renderEmail(name, site, props);
    const file = `${name}-${i + 1}`;
    await writeFile(join(outDir, `${file}.html`), mail.html);
    await writeFile(join(outDir, `${file}.txt`), `Subject: ${mail.subject}\n\n${mail.text}\n`);
    const subject = mail.subject.replace(/&/g, '&amp;').replace(/</g, '&lt;');
    links.push(`<li><a href="${file}.html">${file}</a> (<a href="${file}.txt">text</a>): ${subject}</li>`);
  }
}
await writeFile(
  join(outDir, 'index.html'),
  `<!doctype html><html lang="en"><meta charset="utf-8"><title>E-mails for review</title><h1>E-mails for review</h1><ul>${links.join('\n')}</ul></html>\n`,
);
console.log(`wrote ${links.length} e-mails (HTML and text) to ${outDir}`);
