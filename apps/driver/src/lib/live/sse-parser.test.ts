import { describe, expect, it } from 'vitest';
import { ServerSentEventParser } from './sse-parser.ts';

describe('ServerSentEventParser', () => {
  it('reads named events whatever the chunk boundaries', () => {
    const parser = new ServerSentEventParser();
    const stream =
      ': hello\n\nevent: charger\ndata: {"a":1}\n\nevent: charger\r\ndata: {"b":2}\r\n\r\n';
    const events = [];
    for (let at = 0; at < stream.length; at += 3)
      events.push(...parser.push(stream.slice(at, at + 3)));
    expect(events).toEqual([
      { event: 'charger', data: '{"a":1}', id: null },
      { event: 'charger', data: '{"b":2}', id: null },
    ]);
  });

  it('joins data lines, keeps the last id and defaults the name to message', () => {
    const parser = new ServerSentEventParser();
    expect(parser.push('id: 7\ndata: one\ndata:two\n\n')).toEqual([
      { event: 'message', data: 'one\ntwo', id: '7' },
    ]);
  });

  it('holds an unfinished event until its blank line arrives', () => {
    const parser = new ServerSentEventParser();
    expect(parser.push('event: charger\ndata: x\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ event: 'charger', data: 'x', id: null }]);
  });
});
