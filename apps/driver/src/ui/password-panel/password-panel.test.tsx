import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import { PasswordPanel } from './password-panel.tsx';

function barColours(): (string | null)[] {
  return [...document.querySelectorAll('.password-panel__bar')].map((bar) =>
    bar.getAttribute('data-colour'),
  );
}

async function meterSettlesAt(strength: number) {
  await waitFor(() =>
    expect(screen.getByRole('meter').getAttribute('aria-valuenow')).toBe(String(strength)),
  );
}

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('PasswordPanel', () => {
  it('shows five grey bars and asks for a password while the field is empty', () => {
    render(<PasswordPanel password="" />);
    expect(barColours()).toEqual(['grey', 'grey', 'grey', 'grey', 'grey']);
    expect(screen.getByText('Enter a password')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it.each([
    ['Qw8!zz', 1, ['red', 'red', 'grey', 'grey', 'grey'], 'Weak'],
    ['mirrorpond', 2, ['amber', 'amber', 'amber', 'grey', 'grey'], 'Fair'],
    ['blue-whale', 3, ['green', 'green', 'green', 'green', 'grey'], 'Strong'],
    ['Tr0ub4dor&3', 4, ['green', 'green', 'green', 'green', 'green'], 'Very strong'],
  ])('colours the bars for %s by its strength %i', async (password, strength, colours, level) => {
    const onStrengthChange = vi.fn();
    render(<PasswordPanel password={password} onStrengthChange={onStrengthChange} />);
    await meterSettlesAt(strength);
    expect(barColours()).toEqual(colours);
    expect(screen.getByText(level)).toBeTruthy();
    expect(onStrengthChange).toHaveBeenLastCalledWith(strength);
  });

  it('shows a single warning inline', async () => {
    render(<PasswordPanel password="Qw8!zz" />);
    expect((await screen.findByRole('status')).textContent).toBe(
      'Add more words that are less common.',
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('sums up several warnings and reveals them all on hover, hiding them on mouse-out', async () => {
    render(<PasswordPanel password="password" />);
    const summary = await screen.findByRole('button', {
      name: 'The password provided is invalid, view 2 errors',
    });
    expect(screen.queryByText('This is a heavily used password.')).toBeNull();

    fireEvent.pointerOver(summary, { pointerType: 'mouse' });
    expect(screen.getByText('This is a heavily used password.')).toBeTruthy();
    expect(screen.getByText('Add more words that are less common.')).toBeTruthy();
    expect(summary.getAttribute('aria-expanded')).toBe('true');

    fireEvent.pointerOut(summary, { pointerType: 'mouse' });
    expect(screen.queryByText('This is a heavily used password.')).toBeNull();
  });

  it('reveals and hides the warnings with a tap on a phone', async () => {
    render(<PasswordPanel password="password" />);
    const summary = await screen.findByRole('button', { name: /view 2 errors/ });
    // A tap fires a touch pointer event before the click; it must not open and close at once.
    fireEvent.pointerOver(summary, { pointerType: 'touch' });
    fireEvent.click(summary);
    expect(screen.getByText('This is a heavily used password.')).toBeTruthy();
    fireEvent.click(summary);
    expect(screen.queryByText('This is a heavily used password.')).toBeNull();
  });

  it('judges a password built from the user inputs as weak', async () => {
    const { rerender } = render(<PasswordPanel password="pontypriddglas" />);
    await meterSettlesAt(3);
    rerender(
      <PasswordPanel
        password="pontypriddglas"
        userInputs={['pontypriddglas', 'rhiannon@example.com']}
      />,
    );
    await meterSettlesAt(0);
    fireEvent.click(await screen.findByRole('button', { name: /view \d errors/ }));
    expect(screen.getByText('There should not be any personal or page related data.')).toBeTruthy();
  });

  it('speaks the driver’s language', async () => {
    await act(() => i18n.changeLanguage('cy'));
    render(<PasswordPanel password="password" />);
    expect(
      await screen.findByRole('button', {
        name: "Mae'r cyfrinair a roddwyd yn annilys, gweld 2 gwall",
      }),
    ).toBeTruthy();
    expect(screen.getByText('Gwan iawn')).toBeTruthy();
  });
});
