import type { ApiErrorBody } from '@soulpunch/shared';

/** A non-ok answer from the API. The message keeps the spec's '{status}: {text}' shape. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** The parsed `{ error: { code, message, fields } }` body, when the server sent one. */
  readonly body: ApiErrorBody | null;
  readonly headers: Headers;

  constructor(status: number, text: string, body: ApiErrorBody | null, headers: Headers) {
    super(`${status}: ${text}`);
    this.status = status;
    this.body = body;
    this.headers = headers;
  }

  get code(): ApiErrorBody['error']['code'] | undefined {
    return this.body?.error.code;
  }
}

export type ApiInit = Omit<RequestInit, 'body'> & {
  /** Plain values are sent as JSON; FormData, Blob and strings are sent as they are. */
  body?: unknown;
};

function isRawBody(body: unknown): body is BodyInit {
  return typeof body === 'string' || body instanceof FormData || body instanceof Blob;
}

function parseErrorBody(text: string): ApiErrorBody | null {
  try {
    const parsed: unknown = JSON.parse(text);
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'error' in parsed &&
      typeof parsed.error === 'object' &&
      parsed.error !== null &&
      'message' in parsed.error &&
      typeof parsed.error.message === 'string'
    ) {
      return parsed as ApiErrorBody;
    }
  } catch {
    // Not JSON (a proxy error page, plain text): the raw text is still in the message.
  }
  return null;
}

/** A successful answer with its headers, for calls whose answer also travels in headers (X-Total-Count). */
export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

type Fetch = typeof fetch;
let apiFetch: Fetch = (input, init) => fetch(input, init);

/** The server's page renderer answers these calls from its own API in-process (entry-server.tsx). */
export function setApiFetch(fetchImpl: Fetch): void {
  apiFetch = fetchImpl;
}

export async function apiWithHeaders<T>(path: string, init: ApiInit = {}): Promise<ApiResponse<T>> {
  const { body, headers: extraHeaders, ...rest } = init;
  const headers = new Headers(extraHeaders);
  headers.set('Accept', 'application/json');
  let requestBody: BodyInit | undefined;
  if (body !== undefined) {
    if (isRawBody(body)) {
      requestBody = body;
    } else {
      // Only requests that carry a body declare JSON: the server rejects an empty JSON body.
      headers.set('Content-Type', 'application/json');
      requestBody = JSON.stringify(body);
    }
  }

  const response = await apiFetch(path, { ...rest, headers, body: requestBody, credentials: 'include' });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new ApiError(response.status, text || response.statusText, parseErrorBody(text), response.headers);
  }
  if (response.status === 204) return { data: undefined as T, headers: response.headers };
  const text = await response.text();
  return { data: (text ? JSON.parse(text) : undefined) as T, headers: response.headers };
}

export async function api<T>(path: string, init: ApiInit = {}): Promise<T> {
  const { data } = await apiWithHeaders<T>(path, init);
  return data;
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** The sentence to show a person: the server's own message when it sent one. */
export function getErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.body?.error.message ?? error.message;
  if (error instanceof Error) return error.message;
  return 'Something went wrong. Please try again.';
}
