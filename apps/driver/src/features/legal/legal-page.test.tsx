import { act, fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { currentBrand } from '../../lib/brand.ts';
import { i18n } from '../../lib/i18n.ts';
import { renderWithRouter } from '../../test/render-shell.tsx';
import { PRIVACY_SECTIONS, PrivacyPage, TERMS_SECTIONS, TermsPage } from './legal-page.tsx';

function renderLegal(path: string) {
  return renderWithRouter(
    <Routes>
      <Route path="/terms" element={<TermsPage />} />
      <Route path="/privacy" element={<PrivacyPage />} />
    </Routes>,
    path,
  );
}

const headings = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

afterEach(async () => {
  await act(async () => {
    await i18n.changeLanguage('en');
  });
});

describe('terms and privacy (spec 000 §2)', () => {
  it('shows every section of the terms, naming the brand, and links to the privacy notice', async () => {
    const { brand } = currentBrand();
    renderLegal('/terms?embedded=1');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Terms and Conditions');
    expect(headings()).toHaveLength(TERMS_SECTIONS.length);
    expect(headings()[0]).toBe('1. The service');
    expect(
      screen.getByText(new RegExp(`^These terms apply when you use the ${brand.name} app`)),
    ).toBeTruthy();
    expect(screen.getByText('Last updated 1 November 2026')).toBeTruthy();

    await act(async () => {
      fireEvent.click(screen.getByText('Privacy policy'));
      await Promise.resolve();
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Privacy policy');
    expect(headings()).toHaveLength(PRIVACY_SECTIONS.length);
    // Inside the terms modal the other text stays without the app's bars.
    expect(screen.getByTestId('location').textContent).toBe('/privacy?embedded=1');
  });

  it.each([
    ['fr', 'Conditions générales', '1 novembre 2026'],
    ['cy', 'Telerau ac Amodau', '2026'],
    ['es', 'Términos y condiciones', '1 de noviembre de 2026'],
    ['it', 'Termini e condizioni', '1 novembre 2026'],
  ])('is translated into %s', async (code, title, date) => {
    await act(async () => {
      await i18n.changeLanguage(code);
    });
    renderLegal('/terms');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
    expect(screen.getByText(new RegExp(date))).toBeTruthy();
    expect(headings()[0]).not.toBe('1. The service');
  });
});
