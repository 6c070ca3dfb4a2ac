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
/**
 * Inside the server, places move one way (docs/decisions/0038): the capacity guard (places/)
 * imports none of its users; people/ (families, who may be entered) neither cart/ nor payments/;
 * payments/ never the cart/ that calls it, so cart and payments do not import each other both ways;
 * the waiting list's share of the places is places/waiting-list.ts, so payments/ never needs waiting-list/.
 */
const SERVER_FORBIDDEN: Record<string, string[]> = {
  places: ['cart', 'payments', 'people', 'waiting-list'],
  people: ['cart', 'payments'],
  payments: ['cart', 'waiting-list'],
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
      if (area === 'server') {
        const from = relative(SRC, file).split('/')[1] ?? '';
        const to = relative(join(SRC, 'server'), resolve(dirname(file), spec)).split('/')[0] ?? '';
        if (SERVER_FORBIDDEN[from]?.includes(to))
          problems.push(`${relative(SRC, file)} imports ${spec} (server/${from} → server/${to})`);
      }
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
