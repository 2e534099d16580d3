import { Writable } from 'node:stream';
import { pino, type Logger } from 'pino';

/**
 * A logger whose lines a test reads back, parsed, as an operator's log collector would; several
 * loggers (nodes) may share one `lines`.
 */
export function capturedLog(
  level: 'debug' | 'info' | 'warn',
  lines: Record<string, unknown>[] = [],
): { logger: Logger; lines: Record<string, unknown>[] } {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n'))
        if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level }, stream), lines };
}
