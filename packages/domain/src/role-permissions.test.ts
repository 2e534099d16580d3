import { describe, expect, it } from 'vitest';
import { GUEST_PERMISSIONS, KNOWN_PERMISSIONS, permissionsOfRoles } from './role-permissions.ts';

describe('permissionsOfRoles (spec 000 §6: drivers charge at chargers and see credit)', () => {
  it.each<[string[], string[]]>([
    [['driver'], ['CHARGER_CHARGE_AT', 'CREDIT']],
    [['operator'], ['OPERATOR', 'SUPPORT']],
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
