/** One Server-Sent Event: its name (default 'message'), data lines joined by '\n', last id. */
export interface ServerSentEvent {
  event: string;
  data: string;
  id: string | null;
}

/**
 * An incremental text/event-stream parser (WHATWG HTML §9.2.6): feed it decoded chunks as they
 * arrive, in any split, and it answers the events each chunk completed. Comments (`:`) and
 * `retry` lines are ignored; a block without data fires nothing.
 */
export class ServerSentEventParser {
  private buffer = '';
  private eventName = '';
  private dataLines: string[] = [];
  private lastId: string | null = null;

  push(chunk: string): ServerSentEvent[] {
    this.buffer += chunk;
    const events: ServerSentEvent[] = [];
    let newline = this.buffer.search(/\r\n|\r|\n/);
    while (newline !== -1) {
      // A lone '\r' at the end may be the first half of '\r\n': wait for the next chunk.
      if (this.buffer[newline] === '\r' && newline === this.buffer.length - 1) break;
      const line = this.buffer.slice(0, newline);
      const width = this.buffer.startsWith('\r\n', newline) ? 2 : 1;
      this.buffer = this.buffer.slice(newline + width);
      const event = this.line(line);
      if (event) events.push(event);
      newline = this.buffer.search(/\r\n|\r|\n/);
    }
    return events;
  }

  private line(line: string): ServerSentEvent | null {
    if (line === '') {
      const event =
        this.dataLines.length > 0
          ? { event: this.eventName || 'message', data: this.dataLines.join('\n'), id: this.lastId }
          : null;
      this.eventName = '';
      this.dataLines = [];
      return event;
    }
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        this.eventName = value;
        break;
      case 'data':
        this.dataLines.push(value);
        break;
      case 'id':
        if (!value.includes('\0')) this.lastId = value;
        break;
      default:
        break;
    }
    return null;
  }
}
