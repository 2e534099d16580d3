import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import { testCard } from '../../test/fixtures.ts';
import { CardLabel } from './card-label.tsx';

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('CardLabel', () => {
  it('names the network as drivers know it, with the last four digits and the expiry', () => {
    render(<CardLabel card={testCard({ brand: 'amex', last4: '0005', exp_month: 4 })} />);
    expect(screen.getByText('American Express •••• 0005')).toBeTruthy();
    expect(screen.getByText('Expires 04/2030')).toBeTruthy();
  });

  it('says "Card" when the provider could not tell the network', () => {
    render(<CardLabel card={testCard({ brand: 'unknown' })} />);
    expect(screen.getByText('Card •••• 4242')).toBeTruthy();
  });

  it('marks a fuel card, and the default card only where asked', () => {
    const card = testCard({ source: 'FUELCARD', default: true });
    const { rerender } = render(<CardLabel card={card} />);
    expect(screen.getByText('Expires 04/2030 · Fuel card')).toBeTruthy();
    rerender(<CardLabel card={card} showDefault />);
    expect(screen.getByText('Expires 04/2030 · Fuel card · Default')).toBeTruthy();
    rerender(<CardLabel card={{ ...card, default: false }} showDefault />);
    expect(screen.getByText('Expires 04/2030 · Fuel card')).toBeTruthy();
  });

  it.each([
    ['APPLEPAY', 'Apple Pay'],
    ['GOOGLEPAY', 'Google Pay'],
  ] as const)('says a card saved from %s is the wallet’s', (source, wallet) => {
    render(<CardLabel card={testCard({ source })} />);
    expect(screen.getByText(`Expires 04/2030 · ${wallet}`)).toBeTruthy();
  });

  it('speaks the driver’s language', async () => {
    await act(() => i18n.changeLanguage('cy'));
    render(<CardLabel card={testCard({ brand: 'unknown' })} showDefault />);
    expect(screen.getByText('Cerdyn •••• 4242')).toBeTruthy();
    expect(screen.getByText('Yn dod i ben 04/2030 · Diofyn')).toBeTruthy();
  });
});
