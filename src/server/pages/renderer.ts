import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The server's view of the web app's renderer (src/web/entry-server.tsx, built by `vite build
 * --ssr` next to the browser's build). The server never imports web code: it loads the built
 * bundle, and hands it the one thing it needs, a way to make the public reads.
 */
export interface PaintedPage {
  status: number;
  html: string;
  title: string;
  description: string;
  state: string;
  expiresAt: number | null;
}

export interface Renderer {
  configure(transport: (path: string) => Promise<{ status: number; body: unknown }>): void;
  render(url: string, options: { maintenance: boolean; now: Date }): Promise<PaintedPage>;
  pagePatterns(): { path: string; ssr: boolean }[];
}

/** Where the renderer is built: beside the browser's build (dist/web → dist/web-ssr). */
export function rendererPath(webDist: string): string {
  return resolve(`${webDist.replace(/[\\/]+$/, '')}-ssr`, 'entry-server.js');
}

export async function loadRenderer(webDist: string): Promise<Renderer | null> {
  const path = rendererPath(webDist);
  if (!existsSync(path)) return null;
  return (await import(pathToFileURL(path).href)) as Renderer;
}

/** The browser build's index.html, split where a painted page goes in. */
export interface PageTemplate {
  fill(page: { title: string; description: string; html?: string; state?: string }): string;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export async function loadTemplate(webDist: string, siteName: string): Promise<PageTemplate> {
  const html = await readFile(resolve(webDist, 'index.html'), 'utf8');
  for (const marker of ['<title>', '</title>', '<div id="root"></div>']) {
    if (!html.includes(marker)) throw new Error(`${webDist}/index.html lacks ${marker}`);
  }
  return {
    fill(page) {
      const title = escapeHtml(page.title ? `${page.title} · ${siteName}` : siteName);
      const root = `<div id="root">${page.html ?? ''}</div>${
        page.state === undefined ? '' : `<script type="application/json" id="piste-state">${page.state}</script>`
      }`;
      const described = page.description
        ? html.replace(
            /name="description" content="[^"]*"/,
            `name="description" content="${escapeHtml(page.description)}"`,
          )
        : html;
      return described
        .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
        .replace('<div id="root"></div>', () => root);
    },
  };
}
