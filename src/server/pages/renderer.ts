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
  /** Modules of the page (paths under src/web) whose files the HTML links. */
  modules: string[];
  /** False when one of the page's reads failed while it was painted: sent, never cached. */
  complete?: boolean;
  failedReads?: string[];
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
  fill(page: {
    title: string;
    description: string;
    html?: string;
    state?: string;
    modules?: string[];
    /** Tags for the head (Open Graph, canonical, JSON-LD: src/server/pages/head.ts), escaped. */
    head?: string;
  }): string;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** An entry of Vite's build manifest (dist/web/.vite/manifest.json), keyed by source path. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

export const MANIFEST_PATH = '.vite/manifest.json';

async function readManifest(webDist: string): Promise<Manifest> {
  const path = resolve(webDist, MANIFEST_PATH);
  return existsSync(path) ? (JSON.parse(await readFile(path, 'utf8')) as Manifest) : {};
}

/**
 * The <link> elements that load a page's modules with the HTML: each module's script and the
 * scripts it imports (modulepreload), and their styles. What index.html already loads (the entry
 * and its imports) is left out.
 */
export function moduleLinks(manifest: Manifest, modules: string[]): { styles: string; scripts: string } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string, into: Set<string>, css: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported, into, css);
  };
  const loaded = new Set<string>();
  const loadedCss = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key, loaded, loadedCss);
  for (const module of modules) visit(module, scripts, styles);
  return {
    styles: [...styles]
      .filter((f) => !loadedCss.has(f))
      .map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`)
      .join(''),
    scripts: [...scripts]
      .filter((f) => !loaded.has(f))
      .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`)
      .join(''),
  };
}

/** The entry's module script and its modulepreloads, as Vite writes them into the head. */
const ENTRY_SCRIPTS = /<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g;

export async function loadTemplate(webDist: string, siteName: string): Promise<PageTemplate> {
  const html = await readFile(resolve(webDist, 'index.html'), 'utf8');
  for (const marker of ['<title>', '</title>', '<div id="root"></div>', '</head>']) {
    if (!html.includes(marker)) throw new Error(`${webDist}/index.html lacks ${marker}`);
  }
  const manifest = await readManifest(webDist);
  // the scripts go after the page's content: the browser asks for the pictures first (the
  // largest paint), then the scripts (deferred modules either way: they run once parsed)
  const entryScripts = [...html.matchAll(ENTRY_SCRIPTS)].map((m) => m[0]).join('');
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
      const links = moduleLinks(manifest, page.modules ?? []);
      return described
        .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
        .replace(ENTRY_SCRIPTS, '')
        .replace('</head>', () => `${page.head ?? ''}${links.styles}</head>`)
        .replace('<div id="root"></div>', () => `${root}${entryScripts}${links.scripts}`);
    },
  };
}
