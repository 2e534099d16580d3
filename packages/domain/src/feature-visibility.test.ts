import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FEATURE_VISIBILITY,
  HOST_FEATURES,
  isFeatureVisible,
  type FeatureVisibilityInput,
} from './feature-visibility.ts';

const none = { enabled: [], disabled: [] };

describe('isFeatureVisible (spec 000 §5, 001 §6)', () => {
  it.each<[string, FeatureVisibilityInput, boolean]>([
    ['no permission name means visible', { ...none }, true],
    ['an empty name means visible', { ...none, name: '' }, true],
    [
      'no name is visible even with everything disabled',
      { enabled: [], disabled: ['CREDIT'] },
      true,
    ],
    [
      'listed as enabled means visible (HOME_CHARGING, hidden by default)',
      { name: 'HOME_CHARGING', enabled: ['HOME_CHARGING'], disabled: [] },
      true,
    ],
    [
      'enabled wins over disabled',
      { name: 'HOW_TO_VIDEO', enabled: ['HOW_TO_VIDEO'], disabled: ['HOW_TO_VIDEO'] },
      true,
    ],
    [
      'listed as disabled means hidden',
      { name: 'CREDIT', enabled: [], disabled: ['CREDIT'] },
      false,
    ],
    [
      'disabled but a visibility test says visible',
      {
        name: 'CREDIT',
        enabled: [],
        disabled: ['CREDIT'],
        visibilityTests: { CREDIT: () => true },
      },
      true,
    ],
    [
      'disabled and the visibility test says hidden',
      {
        name: 'CREDIT',
        enabled: [],
        disabled: ['CREDIT'],
        visibilityTests: { CREDIT: () => false },
      },
      false,
    ],
    [
      'a visibility test for another name does not apply',
      { name: 'CREDIT', enabled: [], disabled: ['CREDIT'], visibilityTests: { HOME: () => true } },
      false,
    ],
    [
      'a visibility test does not hide an unlisted default-visible name',
      { name: 'CREDIT', ...none, visibilityTests: { CREDIT: () => false } },
      true,
    ],
    ['unlisted CREDIT uses its default: shown', { name: 'CREDIT', ...none }, true],
    ['unlisted HOME_CHARGING uses its default: hidden', { name: 'HOME_CHARGING', ...none }, false],
    ['unlisted HOW_TO_VIDEO uses its default: hidden', { name: 'HOW_TO_VIDEO', ...none }, false],
    ['unlisted name without a default is hidden', { name: 'CHARGER_FILTERS', ...none }, false],
    [
      'caller-supplied defaults replace the table',
      { name: 'CHARGER_FILTERS', ...none, defaults: { CHARGER_FILTERS: true } },
      true,
    ],
  ])('%s', (_label, input, expected) => {
    expect(isFeatureVisible(input)).toBe(expected);
  });

  it('the default table matches the spec', () => {
    expect(DEFAULT_FEATURE_VISIBILITY).toEqual({
      CREDIT: true,
      HOME_CHARGING: false,
      HOW_TO_VIDEO: false,
    });
  });

  it('lists the five host features of spec 001 §1', () => {
    expect(HOST_FEATURES).toEqual([
      'HOME_CHARGING',
      'HOW_TO_VIDEO',
      'CHARGER_FILTERS',
      'KNOWLEDGE_BASE',
      'NO_ENERGY_SUPPLIERS',
    ]);
  });
});
