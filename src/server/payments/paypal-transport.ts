/**
 * The one boundary between PayPal's server SDK and the network (docs/decisions/0019). The SDK
 * (2.5.0, pinned) knows only PayPal's two hosts; its HTTP client is axios, and the SDK passes
 * `unstable_httpClientOptions` to axios as instance configuration. This adapter takes axios's
 * place: it sends the request with fetch, to PAYPAL_API_URL when that is set (the tests' and the
 * bench's local stand-in) and otherwise to the address the SDK chose.
 */
interface AxiosLikeConfig {
  url?: string;
  method?: string;
  headers?: { toJSON?: () => Record<string, unknown> } & Record<string, unknown>;
  data?: unknown;
  auth?: { username: string; password: string };
  timeout?: number;
}

const PAYPAL_HOSTS = /^https:\/\/api-m(\.sandbox)?\.paypal\.com/;

export function paypalTransport(baseUrl: string | undefined) {
  const base = baseUrl?.replace(/\/$/, '');
  return async function adapter(config: AxiosLikeConfig) {
    const url = base ? String(config.url).replace(PAYPAL_HOSTS, base) : String(config.url);
    const raw = typeof config.headers?.toJSON === 'function' ? config.headers.toJSON() : (config.headers ?? {});
    const headers = new Headers();
    for (const [name, value] of Object.entries(raw)) {
      if (value !== undefined && value !== null && typeof value !== 'function') headers.set(name, String(value));
    }
    if (config.auth) {
      const basic = Buffer.from(`${config.auth.username}:${config.auth.password}`).toString('base64');
      headers.set('authorization', `Basic ${basic}`);
    }
    const method = (config.method ?? 'get').toUpperCase();
    const response = await fetch(url, {
      method,
      headers,
      body: method === 'GET' || method === 'HEAD' || config.data == null ? undefined : String(config.data),
      signal: AbortSignal.timeout(config.timeout || 30_000),
    });
    const responseHeaders: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      responseHeaders[name] = value;
    });
    return {
      data: await response.text(),
      status: response.status,
      statusText: response.statusText,
      headers: responseHeaders,
      config,
      request: {},
    };
  };
}
