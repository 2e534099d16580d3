import { describe, expect, it } from 'vitest';
import {
  sessionStateOnConnectorStatus,
  sessionStateOnResume,
  type ConnectorReportFacts,
  type SessionStateChange,
} from './session-state.ts';

const REPORTED = new Date('2026-11-25T12:00:00Z');
const IDLE_BEFORE = new Date('2026-11-25T11:40:00Z');

const facts = (extra: Partial<ConnectorReportFacts>): ConnectorReportFacts => ({
  status: 'Charging',
  started: true,
  pausedByDriver: false,
  vehicleIdleSince: null,
  reportedAt: REPORTED,
  ...extra,
});

describe('sessionStateOnConnectorStatus (spec 000: in progress, paused, paused by vehicle)', () => {
  it.each<[string, Partial<ConnectorReportFacts>, SessionStateChange | null]>([
    [
      'the car stops drawing: paused by vehicle, idle from the report',
      { status: 'SuspendedEV' },
      { state: 'pausedByVehicle', vehicleIdleSince: REPORTED },
    ],
    [
      'the car still idle: idle from its first report, not the latest',
      { status: 'SuspendedEV', vehicleIdleSince: IDLE_BEFORE },
      { state: 'pausedByVehicle', vehicleIdleSince: IDLE_BEFORE },
    ],
    [
      'the car stops drawing during a driver pause: still paused, the idle time kept',
      { status: 'SuspendedEV', pausedByDriver: true },
      { state: 'paused', vehicleIdleSince: REPORTED },
    ],
    [
      'the charger holds back (the 0 A profile): paused, idle time left alone',
      { status: 'SuspendedEVSE' },
      { state: 'paused' },
    ],
    [
      'the charger holds back after the car went idle: paused, idle time left alone',
      { status: 'SuspendedEVSE', vehicleIdleSince: IDLE_BEFORE },
      { state: 'paused' },
    ],
    [
      'charging again: charging, the car no longer idle',
      { status: 'Charging', vehicleIdleSince: IDLE_BEFORE },
      { state: 'charging', vehicleIdleSince: null },
    ],
    [
      'charging reported before the driver pause takes hold: still paused',
      { status: 'Charging', pausedByDriver: true },
      { state: 'paused', vehicleIdleSince: null },
    ],
    ['Finishing changes nothing', { status: 'Finishing' }, null],
    ['Preparing changes nothing', { status: 'Preparing' }, null],
    ['Available changes nothing', { status: 'Available' }, null],
    ['Faulted changes nothing', { status: 'Faulted' }, null],
    ['an unknown status changes nothing', { status: 'Sleeping' }, null],
    [
      'a session whose transaction has not started is not moved by Charging',
      { status: 'Charging', started: false },
      null,
    ],
    [
      'a session whose transaction has not started is not moved by SuspendedEV',
      { status: 'SuspendedEV', started: false },
      null,
    ],
  ])('%s', (_, extra, expected) => {
    expect(sessionStateOnConnectorStatus(facts(extra))).toEqual(expected);
  });
});

describe('sessionStateOnResume', () => {
  it.each<[string, Date | null, string]>([
    ['the car was drawing: charging', null, 'charging'],
    ['the car had gone idle: paused by vehicle', IDLE_BEFORE, 'pausedByVehicle'],
  ])('%s', (_, idleSince, expected) => {
    expect(sessionStateOnResume(idleSince)).toBe(expected);
  });
});
