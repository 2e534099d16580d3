import { describe, expect, it } from 'vitest';
import { groupHomeChargers, homeChargerGroup, HOME_CHARGER_GROUPS } from './home-charger-groups.ts';

describe('spec 001 §2: home charger list grouped by Offline, Charging, Available, Faulted, Suspended', () => {
  it('keeps the spec order', () => {
    expect(HOME_CHARGER_GROUPS).toEqual([
      'Offline',
      'Charging',
      'Available',
      'Faulted',
      'Suspended',
    ]);
  });

  it.each([
    ['an offline charger is Offline whatever its connectors said', false, ['Charging'], 'Offline'],
    ['Preparing counts as Charging', true, ['Preparing'], 'Charging'],
    ['Charging is Charging', true, ['Charging'], 'Charging'],
    ['Finishing counts as Charging', true, ['Finishing'], 'Charging'],
    ['a charging connector beats an available one', true, ['Available', 'Charging'], 'Charging'],
    ['SuspendedEV is Suspended', true, ['SuspendedEV'], 'Suspended'],
    ['SuspendedEVSE is Suspended', true, ['SuspendedEVSE', 'Available'], 'Suspended'],
    ['Available is Available', true, ['Available'], 'Available'],
    ['an available connector beats a faulted one', true, ['Faulted', 'Available'], 'Available'],
    ['Faulted is Faulted', true, ['Faulted'], 'Faulted'],
    ['Unavailable is Faulted', true, ['Unavailable'], 'Faulted'],
    ['an unknown status is Faulted', true, ['Bogus'], 'Faulted'],
    ['no connectors is Faulted', true, [], 'Faulted'],
  ] as const)('%s', (_wording, online, statuses, group) => {
    expect(homeChargerGroup({ online, connectorStatuses: statuses })).toBe(group);
  });

  it('lists groups in order and leaves empty ones out', () => {
    const chargers = [
      { name: 'garage', online: true, statuses: ['Available'] },
      { name: 'drive', online: false, statuses: ['Available'] },
      { name: 'barn', online: true, statuses: ['SuspendedEV'] },
    ];
    const grouped = groupHomeChargers(chargers, (c) => ({
      online: c.online,
      connectorStatuses: c.statuses,
    }));
    expect(grouped.map(({ group, chargers: g }) => [group, g.map((c) => c.name)])).toEqual([
      ['Offline', ['drive']],
      ['Available', ['garage']],
      ['Suspended', ['barn']],
    ]);
  });
});
