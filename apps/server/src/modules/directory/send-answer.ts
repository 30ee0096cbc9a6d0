import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Built, CachedAnswer, Freshness, PublicCache } from './public-cache';

/**
 * Set for 2 s on the answer to a write that changed something public: that browser's reads then get answers
 * that show the change (waiting for their rebuild), not the old copy others may still get (decision record 0012).
 */
export const JUST_WROTE_COOKIE = 'sp_wrote';

/** Whether the request comes from someone who has just changed something public. */
export const justWrote = (request: FastifyRequest): Freshness => ({
  current: request.cookies[JUST_WROTE_COOKIE] !== undefined,
});

/** br, gzip or nothing, from the client's Accept-Encoding (q=0 refuses). */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

// Browsers and proxies may reuse a copy for 30 s (the spec's stale time), then revalidate with the ETag.
export const PUBLIC_CACHE_CONTROL = 'public, max-age=30, stale-while-revalidate=300';

/** What a cached answer sends to one request: status, its own headers (in order, lower case) and body. */
export interface AnswerToSend {
  status: number;
  headers: Record<string, string>;
  /** Undefined for a 304. */
  body: Buffer | undefined;
}

/**
 * 304 when the client holds the answer, else the bytes in the best encoding. Both ways of sending an answer (the
 * route's and the one before routing, fast-path.ts) write exactly these, in this order.
 */
export function answerToSend(answer: CachedAnswer, request: IncomingHttpHeaders): AnswerToSend {
  const headers: Record<string, string> = {
    etag: answer.etag,
    'cache-control': PUBLIC_CACHE_CONTROL,
    vary: 'Accept-Encoding',
  };
  for (const [name, value] of Object.entries(answer.headers)) headers[name.toLowerCase()] = value;
  if (answer.status === 200 && matchesEtag(request['if-none-match'], answer.etag)) {
    return { status: 304, headers, body: undefined };
  }
  const encoding = chooseEncoding(request['accept-encoding']);
  headers['content-type'] = answer.contentType;
  if (encoding) headers['content-encoding'] = encoding;
  const body = encoding === 'br' ? answer.br : encoding === 'gzip' ? answer.gzip : answer.plain;
  return { status: answer.status, headers, body };
}

/** Sends a cached answer as it is through the route (the hooks add the security headers). */
export function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  const { status, headers, body } = answerToSend(answer, request.headers);
  reply.code(status);
  for (const [name, value] of Object.entries(headers)) reply.header(name, value);
  return reply.send(body);
}

/** A cached route's answer: built once for `key`, then sent as it is to every request for it. */
export async function sendCached(
  cache: PublicCache,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  build: () => Promise<Built>,
) {
  const answer = await cache.get(key, build, justWrote(request));
  cache.remember(request.url, key, answer);
  return sendAnswer(request, reply, answer);
}

/**
 * A cached route's own first hook, for the requests the server's fast path leaves to the routes (a signed-in
 * person's, whose session the access hook checks and touches; the pages' in-process calls): an address already
 * answered gets the same bytes without validation or the handler (its query passed validation then and means
 * the same now).
 */
export function answerKnownAddress(cache: PublicCache): onRequestHookHandler {
  return (request, reply, done) => {
    const answer = cache.atAddress(request.url, justWrote(request));
    if (answer) sendAnswer(request, reply, answer);
    else done();
  };
}
