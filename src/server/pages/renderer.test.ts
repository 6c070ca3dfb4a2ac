import { describe, expect, it } from 'vitest';
import { moduleLinks } from './renderer.ts';

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
    expect(links).toBe(
      '<link rel="stylesheet" crossorigin href="/assets/BookingPage-D.css">' +
        '<link rel="stylesheet" crossorigin href="/assets/EventCard-C.css">' +
        '<link rel="modulepreload" crossorigin href="/assets/BookingPage-D.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/EventCard-C.js">',
    );
  });

  it('are none for a module the build does not know, or without a manifest', () => {
    expect(moduleLinks(manifest, ['nowhere/Page.tsx'])).toBe('');
    expect(moduleLinks({}, ['events/BookingPage.tsx'])).toBe('');
  });
});
