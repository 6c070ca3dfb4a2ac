import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTemplate, moduleLinks } from './renderer.ts';

/** A build manifest in Vite's shape: the entry, a page, and a card both pages share. */
const manifest = {
  'index.html': { file: 'assets/index-A.js', isEntry: true, imports: ['_Button-B.js'], css: ['assets/index-A.css'] },
  '_Button-B.js': { file: 'assets/Button-B.js' },
  '_EventCard-C.js': { file: 'assets/EventCard-C.js', imports: ['_Button-B.js'], css: ['assets/EventCard-C.css'] },
  'events/BookingPage.tsx': {
    file: 'assets/BookingPage-D.js',
    imports: ['_EventCard-C.js', '_Button-B.js'],
    css: ['assets/BookingPage-D.css'],
  },
};

describe('the links of a painted page', () => {
  it('load the page’s script, what it imports, and their styles — not what index.html loads already', () => {
    const links = moduleLinks(manifest, ['events/BookingPage.tsx']);
    expect(links.styles).toBe(
      '<link rel="stylesheet" crossorigin href="/assets/BookingPage-D.css">' +
        '<link rel="stylesheet" crossorigin href="/assets/EventCard-C.css">',
    );
    expect(links.scripts).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/BookingPage-D.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/EventCard-C.js">',
    );
  });

  it('are none for a module the build does not know, or without a manifest', () => {
    expect(moduleLinks(manifest, ['nowhere/Page.tsx'])).toEqual({ styles: '', scripts: '' });
    expect(moduleLinks({}, ['events/BookingPage.tsx'])).toEqual({ styles: '', scripts: '' });
  });

  it('put the styles in the head and every script after the content, so pictures are asked for first', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'piste-template-'));
    await mkdir(join(dist, '.vite'));
    await writeFile(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
    await writeFile(
      join(dist, 'index.html'),
      '<html><head><title>x</title>' +
        '<script type="module" crossorigin src="/assets/index-A.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/Button-B.js">' +
        '<link rel="stylesheet" crossorigin href="/assets/index-A.css">' +
        '</head><body><div id="root"></div></body></html>',
    );
    const template = await loadTemplate(dist, 'ERSA');
    const html = template.fill({
      title: 'Booking',
      description: '',
      html: '<img src="/media/a.jpg">',
      state: '{}',
      modules: ['events/BookingPage.tsx'],
    });
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/index-A.css">');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/BookingPage-D.css">');
    expect(head).not.toMatch(/<script|modulepreload/);
    const body = html.slice(html.indexOf('<body>'));
    expect(body).toBe(
      '<body><div id="root"><img src="/media/a.jpg"></div>' +
        '<script type="application/json" id="piste-state">{}</script>' +
        '<script type="module" crossorigin src="/assets/index-A.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/Button-B.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/BookingPage-D.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/EventCard-C.js">' +
        '</body></html>',
    );
  });
});
