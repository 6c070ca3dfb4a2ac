import { describe, expect, it } from 'vitest';
import { createRoutes, type PageHandle } from './routes.tsx';

describe('painted pages', () => {
  const children = createRoutes()[0]?.children ?? [];
  const painted = children.filter((route) => (route.handle as PageHandle | undefined)?.ssr);

  it('name the module their lazy import loads, so the server links its files into the HTML', () => {
    expect(painted.length).toBeGreaterThanOrEqual(11);
    for (const route of painted) {
      const { module } = route.handle as PageHandle;
      const name = route.path ?? '(home)';
      if (typeof route.lazy !== 'function') {
        // a page that a later issue builds has nothing to load
        expect(module, name).toBeUndefined();
        continue;
      }
      expect(module, name).toMatch(/^[a-z]+\/[A-Za-z]+\.tsx$/);
      expect(route.lazy.toString(), name).toContain(module);
    }
  });
});
