import { describe, expect, it } from 'vitest';
import { takeEvents } from './ask-assistant';

describe('reading Server-Sent Events', () => {
  it('keeps an event cut in half for the next chunk', () => {
    const first = takeEvents('event: delta\ndata: {"text":"Hel');
    expect(first.events).toEqual([]);
    const second = takeEvents(`${first.rest}lo"}\n\nevent: done\ndata: {}\n\n`);
    expect(second.events).toEqual([
      { event: 'delta', data: '{"text":"Hello"}' },
      { event: 'done', data: '{}' },
    ]);
    expect(second.rest).toBe('');
  });

  it('reads CRLF line ends, comments and data on several lines', () => {
    const { events } = takeEvents(': keep-alive\r\n\r\nevent: delta\r\ndata: one\r\ndata: two\r\n\r\n');
    expect(events).toEqual([{ event: 'delta', data: 'one\ntwo' }]);
  });
});
