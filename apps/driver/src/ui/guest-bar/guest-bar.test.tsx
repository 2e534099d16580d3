import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordVisit, resetVisits } from '../../lib/back-navigation.ts';
import { renderWithRouter } from '../../test/render-shell.tsx';
import { callsTo, failure, fakeApi, ok } from '../../test/stub-server.ts';
import { GuestBar } from './guest-bar.tsx';

const location = () => screen.getByTestId('location').textContent;
/** Ionic moves an ion-button's aria-label onto its inner button once drawn: found by its place. */
const copyButton = () => {
  const button = document.querySelector<HTMLElement>('.guest-code__copy');
  if (!button) throw new Error('no copy button');
  return button;
};

beforeEach(() => {
  resetVisits();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('GuestBar (spec 000 §2, issue 15)', () => {
  it('shows the guest code, copies it, and shows the brand’s helpline as a number to ring', async () => {
    const seen = fakeApi({
      '/development/guest/helpline/default': () => ok({ helpline: '+44 20 7946 0999' }),
    });
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderWithRouter(<GuestBar code="G-ABCDEFGH12" />, '/guest/findcharger');

    expect(screen.getByTestId('guest-code').textContent).toBe('G-ABCDEFGH12');
    expect(screen.getByText('...Loading')).toBeTruthy();
    const helpline = await screen.findByTestId('helpline');
    expect(helpline.getAttribute('href')).toBe('tel:+442079460999');
    expect(callsTo(seen, '/development/guest/helpline/default')[0]?.headers.Authorization).toBe(
      undefined,
    );

    await userEvent.click(copyButton());
    expect(writeText).toHaveBeenCalledWith('G-ABCDEFGH12');
    expect(await screen.findByText('Copied')).toBeTruthy();
  });

  it('says so when the code cannot be copied', async () => {
    fakeApi({ '/development/guest/helpline/default': () => failure(503, 'DOWN', 'down') });
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: () => Promise.reject(new Error('denied')) },
    });
    renderWithRouter(<GuestBar code="G-ABCDEFGH12" />, '/guest/findcharger');
    await userEvent.click(copyButton());
    expect(await screen.findByText('Failed to copy text')).toBeTruthy();
  });

  it('goes back through the visited pages, and from the first one to the guest home', async () => {
    fakeApi({});
    recordVisit('/guest/charger-details?barcode=1001');
    recordVisit('/guest/charging-select-payment?barcode=1001&connector=1');
    renderWithRouter(
      <GuestBar code={null} />,
      '/guest/charging-select-payment?barcode=1001&connector=1',
    );
    expect(screen.getByText('Charging as a guest')).toBeTruthy();
    await userEvent.click(screen.getByText('Back'));
    await waitFor(() => expect(location()).toBe('/guest/charger-details?barcode=1001'));
    await userEvent.click(screen.getByText('Back'));
    await waitFor(() => expect(location()).toBe('/guest/guest-home'));
  });
});
