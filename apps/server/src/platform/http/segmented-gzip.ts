import { promisify } from 'node:util';
import { constants, crc32, deflateRaw } from 'node:zlib';

const deflateRawAsync = promisify(deflateRaw);

/** A piece of a large body, kept as text bytes and as deflate blocks that stand on their own. */
export interface DeflatedSegment {
  readonly plain: Buffer;
  readonly deflated: Buffer;
  /** CRC-32 of `plain`, so that the body's is combined from the segments' without reading 16 MB. */
  readonly crc: number;
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
  return { plain, deflated, crc: crc32(plain) };
}

/** Multiplies a 32×32 matrix over GF(2) (one column a word) by a vector. */
function gf2Times(matrix: number[], vector: number): number {
  let sum = 0;
  for (let row = 0; vector !== 0; row += 1, vector >>>= 1) {
    if (vector & 1) sum ^= matrix[row] as number;
  }
  return sum;
}

const gf2Square = (matrix: number[]) => matrix.map((column) => gf2Times(matrix, column));

/** Operator k appends 2^k zero bytes to a CRC-32 (the first from one zero bit, squared thrice). */
const APPEND_ZERO_BYTES: number[][] = [];
{
  let operator = [0xedb88320, ...Array.from({ length: 31 }, (_, bit) => 1 << bit)];
  for (let squares = 0; squares < 3; squares += 1) operator = gf2Square(operator);
  for (let power = 0; power < 53; power += 1) {
    APPEND_ZERO_BYTES.push(operator);
    operator = gf2Square(operator);
  }
}

/**
 * CRC-32 of A followed by B from the CRC-32s of A and B and the length of B (as zlib's
 * crc32_combine): B's length in zero bytes is appended to A's CRC, then B's CRC added.
 */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  let crc = crcA;
  for (let bytes = lengthB, power = 0; bytes > 0; bytes = Math.floor(bytes / 2), power += 1) {
    if (bytes % 2 === 1) crc = gf2Times(APPEND_ZERO_BYTES[power] as number[], crc);
  }
  return (crc ^ crcB) >>> 0;
}

/** One gzip member (RFC 1952) holding the segments in order: what any gzip reader accepts. */
export function gzipOfSegments(segments: readonly DeflatedSegment[]): Buffer {
  let crc = 0;
  let size = 0;
  for (const segment of segments) {
    crc = crc32Combine(crc, segment.crc, segment.plain.length);
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
