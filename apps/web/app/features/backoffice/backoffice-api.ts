/**
 * The back office's calls to the content service's auth backend and operator endpoints (`/nfx`),
 * from the browser with the staff member's bearer token. Failures of both error styles
 * (`{data: null, error: {status, name, message, details: {code, fields?}}}`) become a
 * `BackofficeApiError` with the code; pages translate the code (`backoffice-errors.ts`), never show
 * the server's body. Calls with the stored token go through backoffice-session.ts (`staffRequest`).
 */

export type StaffRole = 'support' | 'payments' | 'risk' | 'marketing' | 'content' | 'trader' | 'admin';

export interface BackofficeUser {
  id: number;
  username: string;
  email: string;
  confirmed?: boolean;
  blocked?: boolean;
  /** A role name (today's server also answers `editor`), or null: no role. */
  role: string | null;
  /** What the role allows (`players.read`…); older servers leave it out (see backoffice-permissions.ts). */
  permissions?: string[];
  mfa?: { required: boolean; enabled: boolean };
  createdAt?: string;
  updatedAt?: string;
}

export interface AuthAnswer {
  jwt: string;
  user: BackofficeUser;
}

export class BackofficeApiError extends Error {
  readonly status: number;
  /** `details.code` of the answer, `network` when the server was not reached, `unknown` without one. */
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  constructor(status: number, code: string, fields?: Record<string, string>) {
    super(`back office call failed: ${status} ${code}`);
    this.name = 'BackofficeApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export interface RequestOptions {
  token?: string | null;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
}

function errorOf(status: number, body: unknown): BackofficeApiError {
  const error =
    typeof body === 'object' && body !== null && 'error' in body
      ? (body as { error?: { details?: { code?: unknown; fields?: unknown } } }).error
      : undefined;
  const code = typeof error?.details?.code === 'string' ? error.details.code : 'unknown';
  const fields =
    typeof error?.details?.fields === 'object' && error.details.fields !== null
      ? (error.details.fields as Record<string, string>)
      : undefined;
  return new BackofficeApiError(status, code, fields);
}

export async function backofficeRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const url = new URL(path, globalThis.location?.origin ?? 'http://localhost');
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`${url.pathname}${url.search}`, {
      method: options.method ?? 'GET',
      headers,
      credentials: 'same-origin',
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new BackofficeApiError(0, 'network');
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    throw errorOf(response.status, body);
  }
  return body as T;
}
