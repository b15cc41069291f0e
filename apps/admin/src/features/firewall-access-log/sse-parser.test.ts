import { describe, expect, it } from 'vitest';
import { createSseParser, type StreamEvent } from './sse-parser.js';

function parse(chunks: string[]): StreamEvent[] {
  const events: StreamEvent[] = [];
  const feed = createSseParser((e) => events.push(e));
  for (const chunk of chunks) feed(chunk);
  return events;
}

describe('the event-stream parser', () => {
  it('reads named events with their data and id, skipping comments and retry', () => {
    expect(parse(['retry: 2000\n\n: ping\n\nevent: entries\nid: 7\ndata: {"a":1}\n\n'])).toEqual([
      { event: 'entries', data: '{"a":1}', id: '7' },
    ]);
  });

  it('joins data lines and defaults the name to message', () => {
    expect(parse(['data: a\ndata: b\n\n'])).toEqual([{ event: 'message', data: 'a\nb', id: null }]);
  });

  it('reads events cut anywhere across chunks, with any line ending', () => {
    const text = 'event: entries\r\ndata: {"x":"y"}\r\n\r\nevent: entries\rdata: 2\r\r\n';
    for (let cut = 1; cut < text.length; cut += 1) {
      expect(parse([text.slice(0, cut), text.slice(cut)])).toEqual([
        { event: 'entries', data: '{"x":"y"}', id: null },
        { event: 'entries', data: '2', id: null },
      ]);
    }
  });

  it('holds an event until its blank line arrives', () => {
    expect(parse(['event: entries\ndata: 1\n'])).toEqual([]);
  });
});
