import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currentBrand } from '../../lib/brand.ts';
import { i18n } from '../../lib/i18n.ts';
import { reloadUser } from '../../lib/session/session-store.ts';
import { clearTokens } from '../../lib/session/token-store.ts';
import { testUser } from '../../test/fixtures.ts';
import { renderWithRouter } from '../../test/render-shell.tsx';
import { signedInAs } from '../../test/signed-in.ts';
import { FAQ_SECTIONS, FaqPage } from './faq-page.tsx';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Runs `test` with the brand's host features and knowledge base changed, then puts them back. */
async function withBrand(
  change: { enabled?: string[]; knowledgeBaseUrl?: string },
  test: () => Promise<void> | void,
) {
  const active = currentBrand();
  const features = active.features as Mutable<typeof active.features>;
  const brand = active.brand as Mutable<typeof active.brand>;
  const before = { enabled: features.enabledFeatures, url: brand.knowledgeBaseUrl };
  features.enabledFeatures = [...before.enabled, ...(change.enabled ?? [])];
  brand.knowledgeBaseUrl = change.knowledgeBaseUrl;
  try {
    await test();
  } finally {
    features.enabledFeatures = before.enabled;
    brand.knowledgeBaseUrl = before.url;
  }
}

const sectionTitles = () =>
  screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

beforeEach(async () => {
  window.localStorage.clear();
  await clearTokens();
  await reloadUser();
});

afterEach(async () => {
  await act(async () => {
    await i18n.changeLanguage('en');
  });
});

describe('FaqPage (spec 000 §2: open)', () => {
  it('answers a signed-out driver on finding, paying, charging and accounts, and leads to sign in', async () => {
    const { container } = renderWithRouter(<FaqPage />, '/faq');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Questions and answers');
    expect(sectionTitles()).toEqual([
      'Finding a charger',
      'Paying',
      'Charging',
      'Your account',
      'Still need help?',
    ]);
    const questions = container.querySelectorAll('details.faq-item');
    expect(questions).toHaveLength(
      FAQ_SECTIONS.finding.length +
        FAQ_SECTIONS.paying.length +
        FAQ_SECTIONS.charging.length +
        FAQ_SECTIONS.account.length,
    );

    // Each answer opens under its question.
    const question = screen.getByText('Why was more taken from my card than the charge cost?');
    const item = question.closest('details') as HTMLDetailsElement;
    expect(item.open).toBe(false);
    fireEvent.click(question);
    await waitFor(() => expect(item.open).toBe(true));
    expect(item.textContent).toContain('only the real cost is taken');

    const signIn = screen.getByText('Sign in').closest('ion-button') as HTMLElement & {
      routerLink?: string;
    };
    expect(signIn.routerLink).toBe('/login');
    // No knowledge base on this brand.
    expect(container.querySelector('a.knowledge-base')).toBeNull();
  });

  it('leads a signed-in driver to support', async () => {
    await signedInAs(testUser);
    renderWithRouter(<FaqPage />, '/faq');
    const support = screen.getByText('Contact support').closest('ion-button') as HTMLElement & {
      routerLink?: string;
    };
    expect(support.routerLink).toBe('/support');
    expect(screen.queryByText('Sign in')).toBeNull();
  });

  it('adds home charging where the brand offers it', async () => {
    await withBrand({ enabled: ['HOME_CHARGING'] }, () => {
      renderWithRouter(<FaqPage />, '/faq');
      expect(sectionTitles()).toContain('Home charging');
      expect(screen.getByText('How do I add my home charger?')).toBeTruthy();
    });
  });

  it("links the brand's knowledge base where it has one and the feature is on (spec 001 §1)", async () => {
    const { brand } = currentBrand();
    await withBrand(
      { enabled: ['KNOWLEDGE_BASE'], knowledgeBaseUrl: 'https://help.example.com/drivers' },
      () => {
        renderWithRouter(<FaqPage />, '/faq');
        const link = screen.getByText(`More answers in the ${brand.name} knowledge base`);
        expect(link.closest('a')?.getAttribute('href')).toBe('https://help.example.com/drivers');
      },
    );
    await withBrand({ knowledgeBaseUrl: 'https://help.example.com/drivers' }, () => {
      const { container } = renderWithRouter(<FaqPage />, '/faq');
      expect(container.querySelector('a.knowledge-base')).toBeNull();
    });
  });

  it.each([
    ['fr', 'Questions et réponses', 'Trouver une borne', 'Comment puis-je payer ?'],
    ['cy', 'Cwestiynau ac atebion', 'Dod o hyd i wefrydd', 'Sut alla i dalu?'],
    ['es', 'Preguntas y respuestas', 'Buscar un cargador', '¿Cómo puedo pagar?'],
    ['it', 'Domande e risposte', 'Trovare una colonnina', 'Come posso pagare?'],
  ])('is written in %s', async (code, title, firstSection, question) => {
    await act(async () => {
      await i18n.changeLanguage(code);
    });
    renderWithRouter(<FaqPage />, '/faq');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
    expect(sectionTitles()[0]).toBe(firstSection);
    expect(screen.getByText(question)).toBeTruthy();
  });
});
