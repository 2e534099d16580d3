import { describe, expect, it } from 'vitest';
import { transactionTitle, type TransactionTitleInput } from './transaction-title.ts';

const publicCharger: TransactionTitleInput = {
  chargerName: 'Town Hall car park',
  city: 'Cardiff',
  barcode: '1234',
  home: false,
};

describe('transactionTitle (spec 001 §3 transaction data: title)', () => {
  it.each<[string, Partial<TransactionTitleInput>, string]>([
    ['a public charger: name and town', {}, 'Town Hall car park, Cardiff'],
    ['a home charger: its own name', { chargerName: 'Driveway', home: true }, 'Driveway'],
    ['a name that already says the town', { chargerName: 'Cardiff Bay' }, 'Cardiff Bay'],
    ['no town', { city: '  ' }, 'Town Hall car park'],
    ['no name: the barcode and town', { chargerName: '' }, '1234, Cardiff'],
    ['no name at home: the barcode', { chargerName: ' ', home: true }, '1234'],
    ['nothing but a town', { chargerName: '', barcode: '' }, 'Cardiff'],
    ['spaces are trimmed', { chargerName: ' Depot ', city: ' Leeds ' }, 'Depot, Leeds'],
  ])('%s → %j', (_label, change, title) => {
    expect(transactionTitle({ ...publicCharger, ...change })).toBe(title);
  });
});
