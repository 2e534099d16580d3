import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { deflateSegment, gzipOfSegments, plainOfSegments } from './segmented-gzip.ts';

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
});
