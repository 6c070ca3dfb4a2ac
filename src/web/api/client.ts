/**
 * The one way the web app talks to the API: JSON (or multipart) under /api/v1, the bearer token
 * from the profile store on every call that may use it (doc 1 §7: "The client sends credentials
 * with every call"; during maintenance a super administrator's public reads need it), the refresh
 * cookie sent with every call. A 401 to a call that carried a token refreshes the token once and
 * retries; if the refresh fails the user is logged out and a call that does not need a token is
 * sent again without one.
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

let maintenanceListener: () => void = () => {};

/** The maintenance store registers here: told when any call meets the maintenance gate, so a page
 * already open switches to the maintenance view instead of showing a failed list. */
export function onMaintenanceAnswer(listener: () => void): void {
  maintenanceListener = listener;
}

let writeListener: (path: string) => void = () => {};

/** The query client registers here (src/web/app/freshness.ts): told of every write this browser
 * made with an account that the server accepted, so the lists it changed are read again. */
export function onWrite(listener: (path: string) => void): void {
  writeListener = listener;
}

/** The profile store registers itself here (avoids an import cycle). */
export function connectTokenSource(source: TokenSource): void {
  tokens = source;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** true: the call needs the bearer token; false: never send it (sign-in, registration, reset);
   * unset: send it when there is one. */
  auth?: boolean;
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
  if (access) headers.authorization = `Bearer ${access}`;
  return fetch(`${API_BASE}${path}`, {
    method: options.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
    credentials: 'same-origin',
    signal: options.signal,
  });
}

/** On the server the public reads go straight to the app that is painting the page: a GET of a
 * path under /api/v1 answers its status and JSON body. No token is involved there. */
export type ServerTransport = (path: string) => Promise<{ status: number; body: unknown }>;
let serverTransport: ServerTransport | null = null;

/** The server's renderer sets this once (src/web/entry-server.tsx); the browser never does. */
export function setServerTransport(transport: ServerTransport | null): void {
  serverTransport = transport;
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
  if (serverTransport) {
    if ((options.method ?? 'GET') !== 'GET') throw new ApiError(405, 'Only reads are made while painting a page.');
    const { status, body } = await serverTransport(path);
    if (status >= 400) throw toError(status, body);
    return body as T;
  }
  const access = options.auth === false ? null : tokens.getAccess();
  let res = await send(path, options, access);
  if (res.status === 401 && access) {
    const renewed = await refreshAccessToken();
    if (renewed) res = await send(path, options, renewed);
    else {
      tokens.onRefreshFailed();
      if (options.auth === true) throw toError(401, await parse(res));
      res = await send(path, options, null);
    }
  }
  const body = await parse(res);
  if (!res.ok) {
    const error = toError(res.status, body);
    if (res.status === 503 && error.code === 'MAINTENANCE') maintenanceListener();
    throw error;
  }
  if ((options.method ?? 'GET') !== 'GET' && options.auth !== false) writeListener(path);
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
