import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { explainServerFault, NOT_MIGRATED, openFailure } from './points-failure.ts';

const SERVER_500 = new ApiError(500, 'Internal Server Error', 'INTERNAL');
const answer = (status: number, body: unknown) => async () => new Response(JSON.stringify(body), { status });

describe('what opening a points year says when it fails (doc 3 §8, admin points)', () => {
  it('"Database schema error" when the server failed and says its database is not migrated to this version', async () => {
    const explained = await explainServerFault(SERVER_500, answer(503, { status: 'not ready', reason: NOT_MIGRATED }));
    expect(openFailure(explained)).toBe('Database schema error');
  });

  it('"Failed to load or create race event" for any other answer of the server, never its status text', async () => {
    expect(openFailure(await explainServerFault(SERVER_500, answer(200, { status: 'ready' })))).toBe(
      'Failed to load or create race event',
    );
    const unreachable = answer(503, { status: 'not ready', reason: 'the database cannot be reached' });
    expect(openFailure(await explainServerFault(SERVER_500, unreachable))).toBe('Failed to load or create race event');
    const refused = new ApiError(403, 'Only Super Administrators can do that.', 'FORBIDDEN');
    // a refusal is not a fault: the readiness is not asked
    const asked: string[] = [];
    expect(
      openFailure(
        await explainServerFault(refused, async () => {
          asked.push('ready');
          return new Response('{}');
        }),
      ),
    ).toBe('Failed to load or create race event');
    expect(asked).toEqual([]);
    // readiness that cannot be read changes nothing
    const broken = async () => {
      throw new TypeError('Failed to fetch');
    };
    expect(openFailure(await explainServerFault(SERVER_500, broken))).toBe('Failed to load or create race event');
  });

  it("reads the server's own reason (server/health/service.ts), word for word", () => {
    expect(readFileSync('src/server/health/service.ts', 'utf8')).toContain(`migrations: '${NOT_MIGRATED}'`);
  });

  it('"Unable to connect to the points calculation service" when no answer came', async () => {
    const offline = new TypeError('Failed to fetch');
    expect(openFailure(await explainServerFault(offline, answer(200, {})))).toBe(
      'Unable to connect to the points calculation service',
    );
  });
});
