import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A built web app's stand-in for API tests (the real one needs `npm run build`): a page template
 * and a renderer whose pages (`paths`, painted on the server) read the FAQs through the API and
 * show the read's status, `<p>200</p>`. Returns the WEB_DIST to configure.
 */
export async function standInWebDist(paths: string[]): Promise<string> {
  const renderer = `
let read;
export function configure(fn) { read = fn; }
export function pagePatterns() { return ${JSON.stringify(paths.map((path) => ({ path, ssr: true })))}; }
export async function render() {
  const faqs = await read('/faqs/');
  return { status: 200, html: '<p>' + faqs.status + '</p>', title: 'Policies', description: '',
    state: '{}', expiresAt: null, modules: [], complete: faqs.status === 200 };
}
`;
  const dist = join(await mkdtemp(join(tmpdir(), 'piste-stand-in-')), 'web');
  await mkdir(dist);
  await mkdir(`${dist}-ssr`);
  await writeFile(
    join(dist, 'index.html'),
    '<html><head><title>x</title></head><body><div id="root"></div></body></html>',
  );
  await writeFile(join(`${dist}-ssr`, 'entry-server.js'), renderer);
  return dist;
}
