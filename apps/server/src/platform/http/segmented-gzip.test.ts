import { crc32, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32Combine, deflateSegment, gzipOfSegments, plainOfSegments } from './segmented-gzip.ts';

describe('segmented gzip', () => {
  it('lays segments compressed apart end to end as one gzip body', async () => {
    const texts = ['{"data":[', '1,2,3,'.repeat(5000), '', '"é ✓",', 'null]}'];
    const segments = await Promise.all(texts.map(deflateSegment));
    const body = gzipOfSegments(segments);
    expect(gunzipSync(body).toString()).toBe(texts.join(''));
    expect(plainOfSegments(segments).toString()).toBe(texts.join(''));
    expect(body.length).toBeLessThan(texts.join('').length / 10);
  });

  it('takes one segment compressed again in place of the old one', async () => {
    const segments = await Promise.all(['[', '"Available"', ']'].map(deflateSegment));
    segments[1] = await deflateSegment('"Charging"');
    expect(JSON.parse(gunzipSync(gzipOfSegments(segments)).toString())).toEqual(['Charging']);
  });

  it('combines CRC-32s as if over the bytes laid end to end', () => {
    for (const [a, b] of [
      ['', 'x'],
      ['abc', ''],
      ['{"data":', '[1,2,3]}'],
      ['é'.repeat(70_000), 'ü✓'.repeat(12_345)],
    ] as const) {
      const [left, right] = [Buffer.from(a), Buffer.from(b)];
      expect(crc32Combine(crc32(left), crc32(right), right.length)).toBe(
        crc32(Buffer.concat([left, right])),
      );
    }
  });
});
