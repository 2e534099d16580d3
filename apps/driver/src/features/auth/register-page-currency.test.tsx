// @vitest-environment-options {"url": "http://oasis.localhost/register"}
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import { renderWithRouter } from '../../test/render-shell.tsx';
import { json, stubServer } from '../../test/stub-server.ts';
import { RegisterPage } from './register-page.tsx';
import { testCurrency as currency } from '../../test/fixtures.ts';

function serveReference() {
  stubServer((request) => {
    const path = new URL(request.url).pathname;
    if (path === '/api/getAllCountries') {
      return json(200, { data: [{ code: 'AE', name: 'United Arab Emirates', helpline: null }] });
    }
    if (path === '/api/getAllCurrencies') {
      return json(200, {
        data: [
          currency('AED', 'UAE Dirham', 'د.إ'),
          currency('GBP', 'British Pound', '£'),
          currency('NOK', 'Norwegian Krone', 'kr'),
        ],
      });
    }
    return json(404, { message: 'Not found', code: 'NOT_FOUND' });
  });
}

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe("registration's currencies for a brand of its own currency (Oasis EV, dirham)", () => {
  it.each([
    ['en', 'د.إ United Arab Emirates Dirham', 'Other', 'Norwegian Krone (kr)'],
    ['fr', 'د.إ Dirham des Émirats arabes unis', 'Autre', 'Couronne norvégienne (kr)'],
  ])(
    'in %s names the currencies the spec does not word in the language',
    async (language, own, other, listed) => {
      await act(() => i18n.changeLanguage(language));
      serveReference();
      renderWithRouter(<RegisterPage />, '/register');
      const brandOwn = await screen.findByRole<HTMLInputElement>('radio', { name: own });
      expect(brandOwn.checked).toBe(true);
      fireEvent.click(screen.getByRole('radio', { name: other }));
      await waitFor(() => expect(screen.getByText(listed)).toBeTruthy());
    },
  );
});
