import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * A call's `{ data }` answer serialised and compressed once, to be sent many times: for large
 * answers that stay the same between writes (the charger list), where serialising and compressing
 * on every call would cost more than the call itself. The handler that builds it vouches for
 * its shape (typed as the call's response); the registrar sends the bytes as they are.
 */
export class EncodedAnswer<T> {
  declare readonly answers?: T;

  private constructor(
    private readonly identity: () => Buffer,
    private readonly gzipped: Buffer,
    private readonly brotli: Buffer | null,
  ) {}

  static async of<T>(data: T): Promise<EncodedAnswer<T>> {
    const json = Buffer.from(JSON.stringify({ data }));
    // Compressed in libuv's threads, so the event loop goes on serving other calls meanwhile.
    const [gzipped, brotli] = await Promise.all([
      gzipAsync(json),
      brotliAsync(json, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_SIZE_HINT]: json.length,
        },
      }),
    ]);
    return new EncodedAnswer<T>(() => json, gzipped, brotli);
  }

  /**
   * An answer its builder has already gzipped (pieced together from parts it keeps, see
   * segmented-gzip.ts); the plain bytes are made only for a client that takes no gzip.
   */
  static ofGzip<T>(gzipped: Buffer, plain: () => Buffer): EncodedAnswer<T> {
    let made: Buffer | undefined;
    return new EncodedAnswer<T>(() => (made ??= plain()), gzipped, null);
  }

  /** The answer's bytes in one encoding (brotli only when made). */
  bytes(encoding: 'gzip' | 'identity'): Buffer {
    return encoding === 'gzip' ? this.gzipped : this.identity();
  }

  /** Sends the smallest encoding the client accepts. */
  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const accepted = String(request.headers['accept-encoding'] ?? '').toLowerCase();
    const [encoding, body] =
      this.brotli && acceptsEncoding(accepted, 'br')
        ? ['br', this.brotli]
        : acceptsEncoding(accepted, 'gzip')
          ? ['gzip', this.gzipped]
          : ['identity', this.identity()];
    reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('vary', 'accept-encoding');
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(body);
  }
}

function acceptsEncoding(header: string, encoding: string): boolean {
  return header.split(',').some((part) => {
    const [name, ...parameters] = part.trim().split(';');
    if (name?.trim() !== encoding) return false;
    const quality = parameters.find((parameter) => parameter.trim().startsWith('q='));
    return !quality || Number(quality.trim().slice(2)) > 0;
  });
}
