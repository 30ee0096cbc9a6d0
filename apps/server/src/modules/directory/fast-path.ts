import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import { headersOfHelmet, PERMISSIONS_POLICY } from '../../plugins/security-headers';
import { redactUrl } from '../../plugins/web-app';
import { SESSION_COOKIE } from '../auth/access';
import type { CachedAnswer, PublicCache } from './public-cache';
import { answerToSend, chooseEncoding, JUST_WROTE_COOKIE } from './send-answer';

export interface FastPath {
  /** From now on every request goes through the routes (shutting down: their hooks close each connection). */
  stop(): void;
}

/** Whether request logs are on (the routes log each request at info; pino's check, absent when logs are off). */
const logsRequests = (log: FastifyBaseLogger) =>
  (log as FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.('info') ===
  true;

const HAS_SESSION_OR_WROTE = new RegExp(`(?:^|;)\\s*(?:${SESSION_COOKIE}|${JUST_WROTE_COOKIE})=`);

/** A request the fast path may answer: a read without a body, from no one signed in. */
function isVisitorRead(request: IncomingMessage): boolean {
  const { method, headers } = request;
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (headers['transfer-encoding'] !== undefined) return false;
  if (headers['content-length'] !== undefined && headers['content-length'] !== '0') return false;
  // A signed-in person's request goes through the access hook, which checks and touches the session; one who has
  // just written gets the answers that show it (see JUST_WROTE_COOKIE).
  return headers.cookie === undefined || !HAS_SESSION_OR_WROTE.test(headers.cookie);
}

/** Encodings chosen per Accept-Encoding as sent (a handful of spellings come from browsers and tools). */
const encodings = new Map<string, string>();
function encodingFor(acceptEncoding: string | undefined): string {
  const known = encodings.get(acceptEncoding ?? '');
  if (known !== undefined) return known;
  const chosen = chooseEncoding(acceptEncoding) ?? '';
  if (encodings.size >= 100) encodings.clear();
  encodings.set(acceptEncoding ?? '', chosen);
  return chosen;
}

/**
 * What the fast path writes for an answer: status, the headers as one flat array (helmet's, answerToSend's, then
 * what the security hook and Fastify add) with the request id's place, and the body. Made once per answer and
 * encoding; a conditional request (If-None-Match) is worked out each time.
 */
function sentHeaders(helmet: string[]) {
  const made = new WeakMap<CachedAnswer, Map<string, { status: number; headers: string[]; body?: Buffer }>>();
  const make = (answer: CachedAnswer, request: IncomingHttpHeaders) => {
    const { status, headers, body } = answerToSend(answer, request);
    const list = [...helmet, ...Object.entries(headers).flat(), 'permissions-policy', PERMISSIONS_POLICY];
    list.push('x-request-id', '');
    if (body) list.push('content-length', String(body.length));
    return { status, headers: list, body };
  };
  return (answer: CachedAnswer, request: IncomingHttpHeaders) => {
    let sent: { status: number; headers: string[]; body?: Buffer };
    if (request['if-none-match'] !== undefined) sent = make(answer, request);
    else {
      const encoding = encodingFor(request['accept-encoding']);
      let byEncoding = made.get(answer);
      if (!byEncoding) {
        byEncoding = new Map();
        made.set(answer, byEncoding);
      }
      const known = byEncoding.get(encoding);
      sent = known ?? make(answer, { 'accept-encoding': encoding });
      if (!known) byEncoding.set(encoding, sent);
    }
    const headers = sent.headers.slice();
    return { status: sent.status, headers, body: sent.body, idAt: headers.indexOf('x-request-id') + 1 };
  };
}

/**
 * Answers a request for an address the routes have already answered (the exact request target, path and query,
 * as the access hook let it through) straight from the cached bytes, before Fastify's routing and hooks: what they
 * did around the bytes cost more than sending them. The status, headers and body are those the route would send
 * (answerToSend, then the security headers in the order the hooks write them; test/fast-path.test.ts compares
 * both). Any other request, an odd spelling of an address among them, goes to the routes as before. The server's
 * own 'request' listeners stay first (the requests counted in flight for a graceful stop).
 */
export function answerKnownAddressesFirst(
  server: Server,
  cache: PublicCache,
  config: AppConfig,
  log: FastifyBaseLogger,
): FastPath {
  const [route, ...others] = server.listeners('request') as ((
    request: IncomingMessage,
    response: ServerResponse,
  ) => void)[];
  if (!route || others.length > 0)
    throw new Error('the fast path expects Fastify as the only request listener');
  const helmet = Object.entries(headersOfHelmet(config)).flat();
  const sent = sentHeaders(helmet);
  let answering = true;

  const answerAtOnce = (request: IncomingMessage, response: ServerResponse): boolean => {
    if (!answering || !isVisitorRead(request)) return false;
    const url = request.url ?? '';
    const answer = cache.atAddress(url);
    if (!answer) return false;
    const { status, headers, body, idAt } = sent(answer, request.headers);
    const requestId = randomUUID();
    headers[idAt] = requestId;
    // One array, names as the routes spell them: Node writes it as it is, without a header object per request.
    response.writeHead(status, headers);
    // Node sends no body to a HEAD request, whatever is written.
    response.end(body);
    if (logsRequests(log)) {
      log.info(
        {
          reqId: requestId,
          req: { method: request.method, url: redactUrl(url) },
          res: { statusCode: status },
        },
        'request completed from the public answers',
      );
    }
    return true;
  };

  server.removeListener('request', route);
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (!answerAtOnce(request, response)) route(request, response);
  });
  return {
    stop() {
      answering = false;
    },
  };
}
