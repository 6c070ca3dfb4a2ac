import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from './RouteErrorPage.tsx';

describe('isChunkLoadError', () => {
  it('recognises a page module that failed to load, in each browser’s words', () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/assets/A-1.js')),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
  });

  it('leaves other errors alone', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('nothing')).toBe(false);
  });
});
