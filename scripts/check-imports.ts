/**
 * Import direction, checked in CI (DESIGN.md): web → domain, server → domain; domain imports
 * neither; web never imports server. Reads every .ts/.tsx file under src/ and resolves relative
 * imports to the area they land in.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const SRC = resolve(import.meta.dirname, '..', 'src');
const FORBIDDEN: Record<string, string[]> = {
  domain: ['server', 'web'],
  web: ['server'],
  server: ['web'],
};
/** The domain holds pure rules: no I/O, no framework. */
const DOMAIN_BANNED_PACKAGES = [/^node:/, /^fastify/, /^react/, /^drizzle/, /^@mantine/, /^pg$/, /^@electric-sql/];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const problems: string[] = [];
for (const file of files(SRC)) {
  const area = relative(SRC, file).split('/')[0] ?? '';
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(IMPORT)) {
    const spec = match[1] ?? match[2] ?? '';
    if (spec.startsWith('.')) {
      const target = relative(SRC, resolve(dirname(file), spec)).split('/')[0] ?? '';
      if (FORBIDDEN[area]?.includes(target))
        problems.push(`${relative(SRC, file)} imports ${spec} (${area} → ${target})`);
    } else if (area === 'domain' && DOMAIN_BANNED_PACKAGES.some((re) => re.test(spec))) {
      problems.push(`${relative(SRC, file)} imports ${spec} (the domain stays free of I/O and frameworks)`);
    }
  }
}
if (problems.length) {
  console.error(`Import boundaries broken:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('import boundaries: ok');
