// Reads a text/event-stream as it arrives, chunk by chunk: an event is the lines up to a blank
// line; `event:` names it (default "message"), `data:` lines are joined with newlines, `id:`
// is kept, lines starting with ":" are comments (the server's keep-alive) and other fields
// (`retry:`) are ignored. A chunk may end anywhere, even inside a line.
export interface StreamEvent {
  event: string;
  data: string;
  id: string | null;
}

export function createSseParser(onEvent: (event: StreamEvent) => void) {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let id: string | null = null;

  function line(text: string) {
    if (text === '') {
      if (data.length > 0) onEvent({ event: event || 'message', data: data.join('\n'), id });
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id') id = value;
  }

  return (chunk: string) => {
    buffer += chunk;
    for (;;) {
      const end = buffer.search(/\r\n|\r|\n/);
      // A lone "\r" at the end may be the first half of "\r\n": wait for the next chunk.
      if (end === -1 || (buffer[end] === '\r' && end === buffer.length - 1)) break;
      const width = buffer.startsWith('\r\n', end) ? 2 : 1;
      line(buffer.slice(0, end));
      buffer = buffer.slice(end + width);
    }
  };
}
