import { promisify } from 'node:util';
import { constants, crc32, deflateRaw } from 'node:zlib';

const deflateRawAsync = promisify(deflateRaw);

/** A piece of a large body, kept as text bytes and as deflate blocks that stand on their own. */
export interface DeflatedSegment {
  readonly plain: Buffer;
  readonly deflated: Buffer;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty final block (fixed Huffman codes), which ends the deflate stream. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/**
 * Compresses one segment with a fresh window and ends it on a byte boundary without closing the
 * stream (a sync flush), so that segments compressed apart can be laid end to end as one valid
 * deflate stream and one changed segment can be compressed again on its own.
 */
export async function deflateSegment(text: string): Promise<DeflatedSegment> {
  const plain = Buffer.from(text);
  // Compressed in libuv's threads, so the event loop goes on serving other calls meanwhile.
  const deflated = await deflateRawAsync(plain, { finishFlush: constants.Z_SYNC_FLUSH });
  return { plain, deflated };
}

/** One gzip member (RFC 1952) holding the segments in order: what any gzip reader accepts. */
export function gzipOfSegments(segments: readonly DeflatedSegment[]): Buffer {
  let crc = 0;
  let size = 0;
  for (const segment of segments) {
    crc = crc32(segment.plain, crc);
    size += segment.plain.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  return Buffer.concat([
    GZIP_HEADER,
    ...segments.map((segment) => segment.deflated),
    FINAL_BLOCK,
    trailer,
  ]);
}

export const plainOfSegments = (segments: readonly DeflatedSegment[]): Buffer =>
  Buffer.concat(segments.map((segment) => segment.plain));
