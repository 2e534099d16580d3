import { describe, expect, it } from 'vitest';
import {
  GUEST_PERMISSIONS,
  isStaff,
  KNOWN_PERMISSIONS,
  permissionsOfRoles,
} from './role-permissions.ts';

describe('permissionsOfRoles (spec 000 §6: drivers charge at chargers and see credit)', () => {
  it.each<[string[], string[]]>([
    [['driver'], ['CHARGER_CHARGE_AT', 'CREDIT']],
    [['operator'], ['OPERATOR', 'SUPPORT']],
    [['support'], ['SUPPORT']],
    [
      ['driver', 'operator'],
      ['CHARGER_CHARGE_AT', 'CREDIT', 'OPERATOR', 'SUPPORT'],
    ],
    [
      ['driver', 'driver'],
      ['CHARGER_CHARGE_AT', 'CREDIT'],
    ],
    [['stranger'], []],
    [[], []],
  ])('%j → %j', (roles, expected) => {
    expect(permissionsOfRoles(roles)).toEqual(expected);
  });

  it.each(['CHARGER_CHARGE_AT', 'CREDIT', 'OPERATOR', 'SUPPORT'])('%s is a known name', (name) => {
    expect(KNOWN_PERMISSIONS).toContain(name);
  });

  it('a made-up name is not known', () => {
    expect(KNOWN_PERMISSIONS).not.toContain('CHARGER_TELEPORT');
  });

  it('a guest charges at chargers but has no credit, and holds only known names', () => {
    expect(GUEST_PERMISSIONS).toEqual(['CHARGER_CHARGE_AT']);
    for (const name of GUEST_PERMISSIONS) expect(KNOWN_PERMISSIONS).toContain(name);
  });
});

describe('isStaff (issue 18: support and operators use the console)', () => {
  it.each<[string[], boolean]>([
    [['support'], true],
    [['operator'], true],
    [['driver', 'operator'], true],
    [['driver'], false],
    [[], false],
  ])('%j → %s', (roles, expected) => {
    expect(isStaff(roles)).toBe(expected);
  });
});
