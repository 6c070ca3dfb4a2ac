import { readFile } from 'node:fs/promises';
import { connect } from 'node:net';

/**
 * The app's memory before and after a run of address spellings (issue 24): `/booking#1`,
 * `/BOOKING`, `//booking`, `/ab%6Fut`, absolute-form request lines … each once, sent raw on a
 * socket (an HTTP client would clean them up). Each should be sent on to its canonical address
 * (308) without a painting or a cache entry (the verdict). The app's resident memory before and
 * after is a figure: it also holds the heap's growth from the requests' garbage, which the cache's
 * bound does not cover (the cache's own byte count is asserted by src/server/pages/spellings.test.ts).
 */
export interface SpellingsResult {
  requests: number;
  /** Answers by status. */
  statuses: Record<string, number>;
  rssBeforeMb: number;
  rssAfterMb: number;
  /** PUBLIC_CACHE_MAX_BYTES in MB, for comparison. */
  boundMb: number;
}

const DEFAULT_BOUND_BYTES = 33_554_432;

/** The resident memory of a process, from /proc/<pid>/status (Linux), in MB; 0 elsewhere. */
export async function residentMb(pid: number): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
}

function spelling(i: number): string {
  const forms = [
    `/booking#${i}`,
    `/BOOKING?${i}`,
    `/ab%6Fut?x=${i}`,
    `//booking?n=${i}`,
    `http://host${i}/booking`,
    `/./booking?v=${i}`,
    `/booking/?utm=${i}`,
    `/results?year=2026&club=HEM&n=${i}`,
  ];
  return forms[i % forms.length] as string;
}

/** Sends the targets pipelined on one connection; counts the answers by status. */
function send(port: number, targets: string[], statuses: Record<string, number>): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let buffer = Buffer.alloc(0);
    let answered = 0;
    socket.on('error', reject);
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end === -1) return;
        const head = buffer.subarray(0, end).toString('latin1');
        const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
        if (buffer.length < end + 4 + length) return;
        const status = head.split(' ')[1] ?? '?';
        statuses[status] = (statuses[status] ?? 0) + 1;
        buffer = buffer.subarray(end + 4 + length);
        answered += 1;
        if (answered === targets.length) {
          socket.end();
          resolve();
          return;
        }
      }
    });
    socket.write(targets.map((t) => `GET ${t} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`).join(''));
  });
}

export async function benchSpellings(url: string, pid: number, count = 3000): Promise<SpellingsResult> {
  const port = Number(new URL(url).port);
  const statuses: Record<string, number> = {};
  const rssBeforeMb = await residentMb(pid);
  for (let from = 0; from < count; from += 500) {
    const batch = Array.from({ length: Math.min(500, count - from) }, (_, i) => spelling(from + i));
    await send(port, batch, statuses);
  }
  const rssAfterMb = await residentMb(pid);
  const bound = Number(process.env.PUBLIC_CACHE_MAX_BYTES ?? DEFAULT_BOUND_BYTES);
  return { requests: count, statuses, rssBeforeMb, rssAfterMb, boundMb: bound / 2 ** 20 };
}

/** Every spelling sent on to its canonical address: nothing painted, nothing kept. */
export function spellingsVerdict(r: SpellingsResult): 'PASS' | 'FAIL' {
  return r.statuses['308'] === r.requests ? 'PASS' : 'FAIL';
}

export function spellingsLine(r: SpellingsResult): string {
  const statuses = Object.entries(r.statuses)
    .map(([status, n]) => `${n} × ${status}`)
    .join(', ');
  return `${spellingsVerdict(r)}  ${r.requests} address spellings (${statuses}): app RSS ${r.rssBeforeMb.toFixed(0)} MB → ${r.rssAfterMb.toFixed(0)} MB (cache bound ${r.boundMb.toFixed(0)} MB)`;
}

export function spellingsReport(r: SpellingsResult): string[] {
  return [
    '',
    '## Memory under address spellings',
    '',
    `${r.requests} spellings of public pages' addresses (\`/booking#1\`, \`/BOOKING?1\`, \`//booking\`, \`/ab%6Fut\`, absolute-form request lines …), each once, sent raw after the public reads above; the app's resident memory (VmRSS of its process) before and after. The budget: each is sent on to its canonical address (308), without a painting or a cache entry (docs/decisions/0026). The memory is a figure: it includes the heap's growth from the requests' garbage, which no bound covers; the public cache's own byte count (PUBLIC_CACHE_MAX_BYTES) is asserted by src/server/pages/spellings.test.ts. Before issue 24, 3,000 such requests took the app from 635 MB to 1,711 MB.`,
    '',
    '| spellings | answers | RSS before | RSS after | growth | cache bound | verdict |',
    '|---:|---|---:|---:|---:|---:|---|',
    `| ${r.requests} | ${Object.entries(r.statuses)
      .map(([status, n]) => `${n} × ${status}`)
      .join(
        ', ',
      )} | ${r.rssBeforeMb.toFixed(0)} MB | ${r.rssAfterMb.toFixed(0)} MB | ${(r.rssAfterMb - r.rssBeforeMb).toFixed(0)} MB | ${r.boundMb.toFixed(0)} MB | ${spellingsVerdict(r)} |`,
  ];
}
