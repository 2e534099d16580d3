import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '@evc/domain';
import { receiptMail, type ReceiptValues } from './receipt.ts';

const values: ReceiptValues = {
  firstName: 'Dana',
  chargerName: 'Leeds <Dock>',
  startedAt: new Date('2026-03-02T19:40:00Z'),
  endedAt: new Date('2026-03-02T20:40:00Z'),
  durationSeconds: 3600,
  kWh: 6,
  currency: { code: 'GBP', decimal_digits: 2 },
  total: 434,
  parts: { energy: 334, connection: 100, periods: 0, overstay: 0 },
  breakdown: [
    { periodStart: '2026-03-02T19:30:00.000Z', rate: 0.69, value: 2 },
    { periodStart: '2026-03-02T20:00:00.000Z', rate: 0.49, value: 3 },
    { periodStart: '2026-03-02T20:30:00.000Z', rate: 0.49, value: 1 },
  ],
};
const english = receiptMail('en', values);
const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

describe('receipt mail', () => {
  it('shows the figures, the parts charged and the half hours merged by rate (001 §9)', () => {
    expect(english.subject).toBe('Your charging receipt: Leeds <Dock>');
    expect(english.text).toContain('Duration: 01:00:00');
    expect(english.text).toContain('Energy: 6.00 kWh');
    expect(english.text).toContain('Energy cost: £3.34');
    expect(english.text).toContain('Connection fee: £1.00');
    // Parts that cost nothing are left out.
    expect(english.text).not.toContain('Overstay fee');
    expect(english.text).toContain('Total: £4.34');
    // Issue 19: each row cut to the session's real times, with its share of the energy cost.
    expect(english.text).toContain('19:40 - 20:00  2.0 kWh @ £0.69 / kWh  £1.38');
    expect(english.text).toContain('20:00 - 20:40  4.0 kWh @ £0.49 / kWh  £1.96');
    expect(english.text).not.toContain('20:30 - 21:00');
    expect(english.html).toContain('£1.96');
    expect(english.html).toContain('Leeds &#60;Dock&#62;');
    expect(english.html).not.toContain('<Dock>');
  });

  it.each(SUPPORTED_LANGUAGES.filter((language) => language !== 'en'))(
    '%s: translated, with the same figures',
    (language) => {
      const mail = receiptMail(language, values);
      expect(mail.subject).not.toBe(english.subject);
      expect(mail.subject).toContain('Leeds <Dock>');
      expect(mail.text).toContain('Dana');
      expect(mail.text).toContain('01:00:00');
      expect(mail.text).toMatch(/4[.,]34/);
      expect(mail.html.startsWith('<!doctype html>')).toBe(true);
    },
  );

  it.each(SUPPORTED_LANGUAGES)(
    '%s: says why a charge ended while its charger was offline',
    (language) => {
      const plain = receiptMail(language, values);
      const offline = receiptMail(language, { ...values, endReason: 'charger-offline' });
      const added = offline.text
        .split('\n')
        .filter((line) => !plain.text.split('\n').includes(line));
      expect(added).toHaveLength(1);
      expect(added[0]?.length).toBeGreaterThan(40);
      expect(offline.html).toContain(escape(added[0] ?? ''));
      if (language !== 'en') expect(added[0]).not.toContain('offline: it is billed');
    },
  );
});
