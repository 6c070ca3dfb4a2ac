import { describe, expect, it } from 'vitest';

describe('zod in the browser', () => {
  it('is configured jitless (no eval probe under the CSP) by the browser entry’s first import', async () => {
    await import('./zod-config.ts');
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
  });
});
