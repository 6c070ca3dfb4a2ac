import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { useTestApp } from '../test/helper.ts';
import { apiSecurityHeaders, computeSecurityHeaders, helmetOptions } from './security-headers.ts';

const t = useTestApp();

describe('security headers', () => {
  it('computes helmet’s header set once: CSP, HSTS, nosniff, frame and referrer policy', async () => {
    const headers = await computeSecurityHeaders(helmetOptions(loadConfig({ NODE_ENV: 'development' })));
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    // the payment providers' hosts, and nothing else beyond the site itself
    const directives = Object.fromEntries(
      (headers['content-security-policy'] ?? '').split(';').map((d) => {
        const [name, ...sources] = d.trim().split(/\s+/);
        return [name, sources.join(' ')];
      }),
    );
    expect(directives['script-src']).toBe(
      "'self' https://js.stripe.com https://www.paypal.com https://www.sandbox.paypal.com",
    );
    expect(directives['frame-src']).toBe(
      "'self' https://js.stripe.com https://hooks.stripe.com https://www.paypal.com https://www.sandbox.paypal.com",
    );
    expect(directives['connect-src']).toBe(
      "'self' https://api.stripe.com https://www.paypal.com https://www.sandbox.paypal.com",
    );
    expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['cross-origin-embedder-policy']).toBeUndefined();
  });

  /** The CSP a production server sends when its address is `publicUrl`. */
  const productionCsp = async (publicUrl: string) =>
    (
      await computeSecurityHeaders(
        helmetOptions(
          loadConfig({
            NODE_ENV: 'production',
            JWT_SECRET: '3f9c1e7a5b2d8064c1f7e9a3b5d20846e1c7a9f3b5d7e2c4a6f8091b3d5e7a9c',
            PUBLIC_URL: publicUrl,
          }),
        ),
      )
    )['content-security-policy'];

  it('asks browsers to upgrade insecure requests in production', async () => {
    expect(await productionCsp('https://entries.example.org')).toContain('upgrade-insecure-requests');
  });

  it('does not ask for the upgrade when the site’s address is plain http (it would break every page)', async () => {
    // a Debian install before its certificate, or a site on a private network: an upgrade to https
    // sends the browser to a port nothing answers, and the page arrives without styles or scripts
    expect(await productionCsp('http://entries.example.org')).not.toContain('upgrade-insecure-requests');
  });

  it('sends the full set on pages and files, and the JSON set on API answers and their errors', async () => {
    for (const url of ['/media/0123456789abcdef0123456789abcdef.pdf', '/no-such-page', '/api/docs/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
    }
    for (const url of ['/api/v1/version/', '/api/v1/no-such-thing/', '/api/v1/faqs/', '/%61pi/v1/faqs/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['referrer-policy'], url).toBeUndefined();
    }
  });

  it('keeps HTTPS-only on API answers when pages have it', () => {
    const api = apiSecurityHeaders({ 'strict-transport-security': 'max-age=31536000; includeSubDomains' });
    expect(api['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(api['cache-control']).toBe('no-store');
  });
});
