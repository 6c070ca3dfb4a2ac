/**
 * The one way the web app talks to the API: JSON (or multipart) under /api/v1, the bearer token
 * from the profile store, the refresh cookie sent with every call. A 401 on an authenticated call
 * refreshes the access token once and retries; if the refresh fails the user is logged out.
 */
export const API_BASE = '/api/v1';

export type FieldErrors = Record<string, string[]>;

/** An API failure: the status, the server's message, and per-field messages when it sent them. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly fields: FieldErrors;

  constructor(status: number, message: string, code?: string, fields: FieldErrors = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }

  /** The first message for each field, as forms show them. */
  fieldMessages(): Record<string, string> {
    return Object.fromEntries(Object.entries(this.fields).map(([k, v]) => [k, v[0] ?? '']));
  }
}

interface TokenSource {
  getAccess(): string | null;
  setAccess(access: string): void;
  onRefreshFailed(): void;
}

let tokens: TokenSource = { getAccess: () => null, setAccess: () => {}, onRefreshFailed: () => {} };

/** The profile store registers itself here (avoids an import cycle). */
export function connectTokenSource(source: TokenSource): void {
  tokens = source;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** true: send the bearer token (and refresh on 401); 'optional': send it if there is one. */
  auth?: boolean | 'optional';
  signal?: AbortSignal;
}

async function parse(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toError(status: number, body: unknown): ApiError {
  if (body && typeof body === 'object') {
    const b = body as { error?: string; detail?: string; code?: string; errors?: FieldErrors };
    return new ApiError(status, b.error ?? b.detail ?? `Request failed (${status})`, b.code, b.errors ?? {});
  }
  return new ApiError(status, typeof body === 'string' && body ? body : `Request failed (${status})`);
}

async function send(path: string, options: RequestOptions, access: string | null): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (access && options.auth) headers.authorization = `Bearer ${access}`;
  return fetch(`${API_BASE}${path}`, {
    method: options.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
    credentials: 'same-origin',
    signal: options.signal,
  });
}

let refreshing: Promise<string | null> | null = null;

async function postRefresh(): Promise<string | null> {
  const res = await fetch(`${API_BASE}/token/refresh/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
    credentials: 'same-origin',
  });
  if (!res.ok) return null;
  return ((await res.json()) as { access: string }).access;
}

/** Exchanges the refresh cookie for a new access token; one refresh at a time. Another tab may
 * have rotated the shared cookie a moment earlier (the server answers that race with 401), so a
 * failed refresh is tried once more with the cookie that tab received. */
export function refreshAccessToken(): Promise<string | null> {
  refreshing ??= (async () => {
    try {
      let access = await postRefresh();
      if (!access) {
        await new Promise((resolve) => setTimeout(resolve, 300));
        access = await postRefresh();
      }
      if (access) tokens.setAccess(access);
      return access;
    } catch {
      return null;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const access = tokens.getAccess();
  let res = await send(path, options, access);
  if (res.status === 401 && options.auth === true && access) {
    const renewed = await refreshAccessToken();
    if (!renewed) {
      tokens.onRefreshFailed();
      throw toError(401, await parse(res));
    }
    res = await send(path, options, renewed);
  }
  const body = await parse(res);
  if (!res.ok) throw toError(res.status, body);
  return body as T;
}

export const api = {
  get: <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) => request<T>(path, options),
  post: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    request<T>(path, { ...options, method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    request<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    request<T>(path, { ...options, method: 'DELETE' }),
};
