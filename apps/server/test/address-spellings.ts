import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Other spellings of one address, as an attacker would send them: the router may read each as the plain path, so
 * the access rules must too. `url` is a path with an optional query.
 */
export function spellingsOf(url: string, host: string): Array<{ name: string; target: string }> {
  const [path = '', query] = url.split(/\?(.*)/s, 2);
  const search = query === undefined ? '' : `?${query}`;
  const segments = path.split('/').slice(1);
  const encodeFirstLetter = (segment: string) =>
    segment.replace(/[A-Za-z]/, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  const spellings: Array<{ name: string; target: string }> = [];
  segments.forEach((segment, i) => {
    if (!/[A-Za-z]/.test(segment)) return;
    const encoded = segments.map((s, j) => (j === i ? encodeFirstLetter(s) : s));
    spellings.push({ name: `encoded letter in segment ${i + 1}`, target: `/${encoded.join('/')}${search}` });
  });
  const [first = '', ...rest] = segments;
  spellings.push(
    { name: 'absolute-form target', target: `http://${host}${path}${search}` },
    { name: 'upper case', target: `${path.toUpperCase()}${search}` },
    { name: 'dot segment', target: `/${first}/./${rest.join('/')}${search}` },
    { name: 'parent segment', target: `/${first}/x/../${rest.join('/')}${search}` },
    { name: 'doubled slash', target: `/${first}//${rest.join('/')}${search}` },
    { name: 'trailing slash', target: `${path}/${search}` },
  );
  return spellings;
}

export interface RawAnswer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

/**
 * Sends a request target exactly as written over a real socket (inject parses it with `new URL`, which would
 * tidy the spellings away). An object payload goes as JSON, a Buffer or string as it is.
 */
export function sendRaw(
  address: AddressInfo,
  method: string,
  target: string,
  headers: Record<string, string>,
  payload?: unknown,
): Promise<RawAnswer> {
  let body: Buffer | undefined;
  const sent = { ...headers };
  if (payload !== undefined) {
    body = Buffer.isBuffer(payload)
      ? payload
      : Buffer.from(typeof payload === 'string' ? payload : JSON.stringify(payload));
    if (!Object.keys(sent).some((h) => h.toLowerCase() === 'content-type')) {
      sent['content-type'] = 'application/json';
    }
    sent['content-length'] = String(body.length);
  }
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: address.address, port: address.port, method, path: target, headers: sent, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            headers: response.headers,
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** The app listening on a free loopback port, for requests inject cannot spell. */
export async function listenOnLoopback(app: FastifyInstance): Promise<AddressInfo> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app.server.address() as AddressInfo;
}
