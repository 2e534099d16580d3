import { describe, expect, it } from 'vitest';
import { powerText } from './power-text.ts';

describe('powerText', () => {
  it.each([
    [50_000, 'en-GB', '50\u00a0kW'],
    [11_000, 'en-GB', '11\u00a0kW'],
    [7_400, 'en-GB', '7.4\u00a0kW'],
    [7_400, 'fr-FR', '7,4\u00a0kW'],
    [22_000, 'it-IT', '22\u00a0kW'],
    [150_000, 'es-ES', '150\u00a0kW'],
    [0, 'cy-GB', '0\u00a0kW'],
  ])('%d W in %s reads %s', (watts, locale, text) => {
    expect(powerText(watts, locale)).toBe(text);
  });
});
