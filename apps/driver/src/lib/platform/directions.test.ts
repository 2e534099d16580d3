import { describe, expect, it } from 'vitest';
import { directionsUrl } from './directions.ts';

const whitby = { lat: 54.4858, lon: -0.6153 };

describe('directionsUrl (issue 19: Directions opens the platform’s maps app)', () => {
  it.each([
    ['android', 'geo:54.4858,-0.6153?q=54.4858,-0.6153(Whitby%20Harbour)'],
    ['ios', 'https://maps.apple.com/?daddr=54.4858,-0.6153&q=Whitby%20Harbour'],
    ['web', 'https://www.google.com/maps/dir/?api=1&destination=54.4858,-0.6153'],
  ] as const)('on %s it is %s', (platform, url) => {
    expect(directionsUrl(whitby, 'Whitby Harbour', platform)).toBe(url);
  });
});
