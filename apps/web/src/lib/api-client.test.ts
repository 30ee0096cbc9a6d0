import { describe, expect, it, vi } from 'vitest';
import { json, mockApi, noContent } from '@/test/mock-api';
import { ApiError, api, apiWithHeaders, getErrorMessage } from './api-client';

describe('api', () => {
  it('sends cookies and JSON bodies', async () => {
    const fetchMock = mockApi({ 'POST /api/auth/magic-link': json({ sent: true }, { status: 202 }) });

    await expect(api('/api/auth/magic-link', { method: 'POST', body: { email: 'a@b.co' } })).resolves.toEqual(
      {
        sent: true,
      },
    );

    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe('{"email":"a@b.co"}');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('declares no JSON content type when there is no body', async () => {
    const fetchMock = mockApi({ 'POST /api/auth/logout': noContent() });

    await expect(api('/api/auth/logout', { method: 'POST' })).resolves.toBeUndefined();

    const init = fetchMock.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).has('Content-Type')).toBe(false);
    expect(init?.credentials).toBe('include');
  });

  it("turns a non-ok answer into '{status}: {text}' and keeps the parsed error body", async () => {
    const body = {
      error: {
        code: 'unknown_email',
        message: 'This email is not registered in our system. Please try again.',
      },
    };
    mockApi({ 'POST /api/auth/magic-link': json(body, { status: 404 }) });

    const error = await api('/api/auth/magic-link', { method: 'POST', body: { email: 'x@y.co' } }).catch(
      (caught: unknown) => caught,
    );

    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(404);
    expect(apiError.message).toBe(`404: ${JSON.stringify(body)}`);
    expect(apiError.body).toEqual(body);
    expect(apiError.code).toBe('unknown_email');
    expect(getErrorMessage(apiError)).toBe(body.error.message);
  });

  it('falls back to the status text when the body is empty', async () => {
    mockApi({ 'GET /api/trainers': new Response('', { status: 503, statusText: 'Service Unavailable' }) });

    const error = (await api('/api/trainers').catch((caught: unknown) => caught)) as ApiError;

    expect(error.message).toBe('503: Service Unavailable');
    expect(error.body).toBeNull();
    expect(getErrorMessage(error)).toBe('503: Service Unavailable');
  });

  it('keeps a plain-text error body in the message', async () => {
    mockApi({ 'GET /api/trainers': new Response('Bad gateway', { status: 502 }) });

    await expect(api('/api/trainers')).rejects.toThrow('502: Bad gateway');
  });

  it('lets network failures through unchanged', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));

    await expect(api('/api/auth/session')).rejects.toThrow('Failed to fetch');
  });
});

describe('apiWithHeaders', () => {
  it('returns the parsed body together with the answer headers', async () => {
    const fetchMock = mockApi({
      'GET /api/trainers?limit=50': json([{ id: 1 }], { headers: { 'X-Total-Count': '5000' } }),
    });

    const { data, headers } = await apiWithHeaders<Array<{ id: number }>>('/api/trainers?limit=50');

    expect(data).toEqual([{ id: 1 }]);
    expect(headers.get('X-Total-Count')).toBe('5000');
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('include');
  });

  it('fails the same way as api', async () => {
    mockApi({ 'GET /api/trainers': new Response('Bad gateway', { status: 502 }) });

    await expect(apiWithHeaders('/api/trainers')).rejects.toThrow('502: Bad gateway');
  });

  it('answers 204 with no data but the headers', async () => {
    mockApi({ 'DELETE /api/admin/administrators/a%40b.co': noContent() });

    const { data, headers } = await apiWithHeaders('/api/admin/administrators/a%40b.co', {
      method: 'DELETE',
    });

    expect(data).toBeUndefined();
    expect(headers).toBeInstanceOf(Headers);
  });
});
