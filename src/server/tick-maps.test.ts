import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * tick-maps.ts, seen from V8 itself: after full collections with nothing queued, do the property
 * caches inside `process.nextTick` still hold one map each? A child process runs with V8's test
 * syntax and prints nextTick's feedback: the slots that define an entry's computed keys must be
 * MONOMORPHIC, not MEGAMORPHIC (every entry then built in the V8 runtime).
 */
const run = promisify(execFile);

/** Entries queued and run, two full collections while none is queued, entries again, then
 * nextTick's feedback printed. */
function script(pin: boolean): string {
  return [
    pin ? `import ${JSON.stringify(pathToFileURL(join(import.meta.dirname, 'tick-maps.ts')).href)};` : '',
    'const tick = () => new Promise((resolve) => process.nextTick(resolve, 1));',
    'for (let i = 0; i < 200; i++) await tick();',
    'await new Promise((resolve) => setTimeout(resolve, 10));',
    'gc();',
    'gc();',
    'for (let i = 0; i < 200; i++) await tick();',
    '%DebugPrint(process.nextTick);',
  ].join('\n');
}

/** The IC states of nextTick's slots that define the entry's properties. */
async function definitionSlots(pin: boolean): Promise<string[]> {
  const { stdout } = await run(
    process.execPath,
    ['--allow-natives-syntax', '--expose-gc', '--input-type=module', '-e', script(pin)],
    { maxBuffer: 16 << 20 },
  );
  return stdout
    .split('\n')
    .filter((line) => line.includes('DefineKeyedOwnPropertyInLiteral'))
    .map((line) => line.trim());
}

describe("nextTick entries' maps", () => {
  it('without the pin, this Node gives its cache up after full collections (the cliff it avoids)', async () => {
    const slots = await definitionSlots(false);
    expect(slots.length).toBeGreaterThanOrEqual(3);
    expect(slots.some((slot) => slot.includes('MEGAMORPHIC'))).toBe(true);
  });

  it('with tick-maps.ts loaded first, every one of those caches stays on its one map', async () => {
    const slots = await definitionSlots(true);
    expect(slots.length).toBeGreaterThanOrEqual(3);
    expect(slots.filter((slot) => !slot.includes(' MONOMORPHIC'))).toEqual([]);
  });

  it('the server entry loads tick-maps.ts before anything else, and the rest only afterwards', async () => {
    const entry = await readFile(join(import.meta.dirname, 'main.ts'), 'utf8');
    const staticImports = [...entry.matchAll(/^import\s.*$/gm)].map((m) => m[0]);
    expect(staticImports).toEqual(["import './tick-maps.ts';"]);
    expect(entry).toMatch(/await import\('\.\/start\.ts'\)/);
  });
});
