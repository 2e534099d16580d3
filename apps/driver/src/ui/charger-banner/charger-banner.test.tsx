import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChargerBanner } from './charger-banner.tsx';

const charger = {
  name: 'Leeds Dock',
  idTag: { barcode: '1001' },
  chargePointSerialNumber: 'SN-77',
};

/** The banner's labelled values, as label → value. */
function fields(): Record<string, string> {
  const banner = screen.getByRole('region', { name: 'Charger details' });
  return Object.fromEntries(
    [...banner.querySelectorAll('dt')].map((term) => [
      term.textContent ?? '',
      term.nextElementSibling?.textContent ?? '',
    ]),
  );
}

describe('ChargerBanner (spec 001 §2)', () => {
  it('shows the name, barcode and serial number, each labelled', () => {
    render(<ChargerBanner charger={charger} />);
    expect(fields()).toEqual({
      Name: 'Leeds Dock',
      'Charger ID': '1001',
      'Serial number': 'SN-77',
    });
  });

  it('leaves the name out when asked', () => {
    render(<ChargerBanner charger={charger} showName={false} />);
    expect(fields()).toEqual({ 'Charger ID': '1001', 'Serial number': 'SN-77' });
  });

  it('leaves out a serial number the charger has not reported', () => {
    render(<ChargerBanner charger={{ ...charger, chargePointSerialNumber: null }} />);
    expect(fields()).toEqual({ Name: 'Leeds Dock', 'Charger ID': '1001' });
  });

  it('shows only the icon without a charger, and extra lines given to it', () => {
    render(
      <ChargerBanner>
        <p>1 The Boulevard</p>
      </ChargerBanner>,
    );
    const banner = screen.getByRole('region', { name: 'Charger details' });
    expect(banner.querySelector('ion-icon')).toBeTruthy();
    expect(banner.querySelectorAll('dt')).toHaveLength(0);
    expect(within(banner).getByText('1 The Boulevard')).toBeTruthy();
  });
});
