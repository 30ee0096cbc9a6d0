import { request } from 'node:http';

export interface RawAnswer {
  status: number;
  /** Names as sent (their case) and in their order, values beside them. */
  rawHeaders: string[];
  body: Buffer;
}

/**
 * A request over a real socket, each on its own connection, with the target sent as written (an absolute form or
 * a doubled slash included): `inject` never reaches the server's own request listener, where the public answers'
 * fast path runs.
 */
export function rawRequest(
  port: number,
  target: string,
  { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: target, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** Everything an answer sends but its Date and request id (which differ every time): names, order and values. */
export function comparable({ status, rawHeaders, body }: RawAnswer) {
  const headers: string[] = [];
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i] ?? '';
    const varies = ['date', 'x-request-id'].includes(name.toLowerCase());
    headers.push(`${name}: ${varies ? '(varies)' : rawHeaders[i + 1]}`);
  }
  return { status, headers, body: body.toString('base64') };
}
