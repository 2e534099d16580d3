import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '../../test/fixtures.ts';
import { renderWithRouter } from '../../test/render-shell.tsx';
import { callsTo, json, stubServer } from '../../test/stub-server.ts';
import { SupportPage } from './support-page.tsx';
import { signedInAs } from '../../test/signed-in.ts';
import { answers } from './test-support.ts';

const irish = {
  ...testUser,
  address: {
    ...testUser.address,
    country: 'IE',
    country_code: { code: 'IE', name: 'Ireland', helpline: null },
  },
};

afterEach(() => vi.unstubAllGlobals());
beforeEach(async () => {
  await signedInAs(irish);
});

async function press(text: string) {
  const button = await screen.findByText(text);
  await act(async () => {
    fireEvent.click(button);
    await Promise.resolve();
  });
}

describe('SupportPage (spec 000 §2 support, §8; 001 §9)', () => {
  it("shows the helpline for the driver's country, asked for by its code", async () => {
    const seen = stubServer(answers({ '/getHelpline': { helpline: '+353 1 555 0123' } }));
    renderWithRouter(<SupportPage />, '/support');
    const number = await screen.findByText('+353 1 555 0123');
    expect(number.closest('a')?.getAttribute('href')).toBe('tel:+35315550123');
    expect(callsTo(seen, '/getHelpline').map((request) => request.body)).toEqual([
      { country_code: 'IE' },
    ]);
  });

  it("says '...Loading' while the helpline is fetched", async () => {
    stubServer(() => new Promise<Response>(() => undefined));
    renderWithRouter(<SupportPage />, '/support');
    expect(await screen.findByText('...Loading')).toBeTruthy();
  });

  it('falls back to the default helpline when the country’s cannot be read', async () => {
    const seen = stubServer(
      answers({
        '/getHelpline': () => json(503, { message: 'down', code: 'UNAVAILABLE' }),
        '/development/guest/helpline/default': { helpline: '+44 20 7946 0000' },
      }),
    );
    renderWithRouter(<SupportPage />, '/support');
    expect(await screen.findByText('+44 20 7946 0000')).toBeTruthy();
    expect(callsTo(seen, '/development/guest/helpline/default')).toHaveLength(1);
  });

  it('copies the number, and says "Failed to copy text" when the clipboard refuses', async () => {
    stubServer(answers({ '/getHelpline': { helpline: '+353 1 555 0123' } }));
    const writeText = vi
      .fn()
      .mockResolvedValueOnce(undefined)
      .mockRejectedValueOnce(new Error('denied'));
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderWithRouter(<SupportPage />, '/support');
    await press('Copy number');
    expect(await screen.findByText('Number copied.')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('+353 1 555 0123');
    await press('Copy number');
    expect(await screen.findByText('Failed to copy text')).toBeTruthy();
  });

  it('offers the brand’s support e-mail only when the brand has one', async () => {
    stubServer(answers({ '/getHelpline': { helpline: '+353 1 555 0123' } }));
    const { currentBrand } = await import('../../lib/brand.ts');
    const brand = currentBrand().brand as { supportEmail?: string };
    const before = brand.supportEmail;
    try {
      brand.supportEmail = 'help@brand.example';
      const { unmount } = renderWithRouter(<SupportPage />, '/support');
      const link = (await screen.findByText('help@brand.example')).closest('a');
      expect(link?.getAttribute('href')).toBe('mailto:help@brand.example');
      unmount();
      delete brand.supportEmail;
      renderWithRouter(<SupportPage />, '/support');
      await screen.findByText('+353 1 555 0123');
      expect(screen.queryByText('E-mail')).toBeNull();
    } finally {
      brand.supportEmail = before;
    }
  });

  it('leads to the questions and answers before the driver calls', async () => {
    stubServer(answers({ '/getHelpline': { helpline: '+353 1 555 0123' } }));
    renderWithRouter(<SupportPage />, '/support');
    const link = (await screen.findByText('Questions and answers')).closest(
      'ion-button',
    ) as HTMLElement & { routerLink?: string };
    expect(link.routerLink).toBe('/faq');
  });
});
