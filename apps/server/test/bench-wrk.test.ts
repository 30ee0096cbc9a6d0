import { describe, expect, it } from 'vitest';
import { parseWrkOutput } from '../bench/wrk';

// What Debian's wrk 4.1 prints with --latency (the bench's load generator).
const OUTPUT = `Running 2s test @ http://127.0.0.1:40123/api/public-trainers/states
  1 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     2.10ms    1.02ms  20.00ms   90.00%
    Req/Sec    12.00k     1.00k   14.00k    70.00%
  Latency Distribution
     50%  850.00us
     75%    2.40ms
     90%    3.10ms
     99%    1.20s
  47894 requests in 2.00s, 10.00MB read
  Socket errors: connect 0, read 2, write 0, timeout 3
  Non-2xx or 3xx responses: 12
Requests/sec:  23912.34
Transfer/sec:      5.00MB
`;

describe('the bench reads wrk', () => {
  it('takes requests per second, p50 and p99 in milliseconds, and every failed answer', () => {
    expect(parseWrkOutput(OUTPUT)).toEqual({ rps: 23912.34, p50: 0.85, p99: 1200, errors: 17 });
  });

  it('counts no errors when wrk reports none, and refuses output it cannot read', () => {
    const clean = OUTPUT.replace(/ {2}Socket errors.*\n/, '').replace(/ {2}Non-2xx.*\n/, '');
    expect(parseWrkOutput(clean).errors).toBe(0);
    expect(() => parseWrkOutput('unable to connect to 127.0.0.1:1 Connection refused')).toThrow(
      /unexpected output/,
    );
  });
});
