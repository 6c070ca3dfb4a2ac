/**
 * TRUST_PROXY decides whose X-Forwarded-For is believed; the sign-in limits count the address it
 * gives. A client that writes its own X-Forwarded-For must not escape them.
 */
import { describe, expect, it } from 'vitest';
import { createUser } from './test/fixtures.ts';
import { useTestApp } from './test/helper.ts';

const WRONG = 'Wrong#Pass1';

/** `count` failed sign-ins, each with a different made-up address in front of `forwardedFor`. */
function attemptsWithForgedHeaders(
  t: ReturnType<typeof useTestApp>,
  options: { count: number; remoteAddress: string; forwardedFor: (forged: string) => string },
) {
  return (async () => {
    const answers: number[] = [];
    for (let i = 1; i <= options.count; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/login/',
        payload: { username: `guess${i}user`, password: WRONG },
        remoteAddress: options.remoteAddress,
        headers: { 'x-forwarded-for': options.forwardedFor(`192.0.2.${i}`) },
      });
      answers.push(res.statusCode);
    }
    return answers;
  })();
}

const TEN_THEN_LIMITED = [...Array(10).fill(401), 429, 429];

describe('TRUST_PROXY=1: one proxy in front', () => {
  const t = useTestApp({ TRUST_PROXY: '1' });

  it('counts the address the proxy saw, not the ones the client wrote', async () => {
    // the client writes X-Forwarded-For: <forged>; the proxy (10.0.0.2) appends the real 203.0.113.5
    const answers = await attemptsWithForgedHeaders(t, {
      count: 12,
      remoteAddress: '10.0.0.2',
      forwardedFor: (forged) => `${forged}, 203.0.113.5`,
    });
    expect(answers).toEqual(TEN_THEN_LIMITED);

    // another client behind the same proxy is not affected
    const user = await createUser(t.app);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login/',
      payload: { username: user.username, password: user.password },
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': '203.0.113.6' },
    });
    expect(other.statusCode).toBe(200);
  });
});

describe('TRUST_PROXY as the proxies’ addresses', () => {
  const t = useTestApp({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.1' });

  it('takes the first address from the right that is not a proxy', async () => {
    const answers = await attemptsWithForgedHeaders(t, {
      count: 12,
      remoteAddress: '10.0.0.2',
      // two trusted proxies: 192.168.1.1, then 10.0.0.2 (the socket)
      forwardedFor: (forged) => `${forged}, 203.0.113.5, 192.168.1.1`,
    });
    expect(answers).toEqual(TEN_THEN_LIMITED);
  });

  it('ignores X-Forwarded-For from an address that is not a proxy', async () => {
    const answers = await attemptsWithForgedHeaders(t, {
      count: 12,
      remoteAddress: '198.51.100.9',
      forwardedFor: (forged) => forged,
    });
    expect(answers).toEqual(TEN_THEN_LIMITED);
  });
});

describe('TRUST_PROXY unset', () => {
  const t = useTestApp();

  it('believes no X-Forwarded-For at all', async () => {
    const answers = await attemptsWithForgedHeaders(t, {
      count: 12,
      remoteAddress: '10.0.0.2',
      forwardedFor: (forged) => `${forged}, 203.0.113.5`,
    });
    expect(answers).toEqual(TEN_THEN_LIMITED);
  });
});
