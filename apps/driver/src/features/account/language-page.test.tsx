import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '@evc/domain';
import { i18n } from '../../lib/i18n.ts';
import { getSession } from '../../lib/session/session-store.ts';
import { testUser } from '../../test/fixtures.ts';
import { select } from '../../test/ionic-events.ts';
import { renderWithRouter } from '../../test/render-shell.tsx';
import { callsTo, json, stubServer } from '../../test/stub-server.ts';
import { LanguagePage } from './language-page.tsx';
import { signedInAs } from '../../test/signed-in.ts';

const french = { ...testUser.language, _id: 'l2', language: 'French', code: 'fr' };

async function choose(container: HTMLElement, code: string) {
  await select(container.querySelector('ion-radio-group')!, code);
}

beforeEach(async () => {
  await signedInAs(testUser);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(async () => {
    await i18n.changeLanguage('en');
  });
});

describe('LanguagePage (spec 000 §2, 001 §4)', () => {
  it('offers the five languages and switches the app, the device and the account', async () => {
    const seen = stubServer(() => json(200, { data: { ...testUser, language: french } }));
    const { container } = renderWithRouter(<LanguagePage />, '/language');
    const offered = [...container.querySelectorAll('ion-radio')].map((radio) => [
      radio.getAttribute('value') ?? (radio as HTMLElement & { value?: string }).value,
      radio.getAttribute('aria-label'),
    ]);
    // spec 000 §9: sorted by language name.
    expect(offered).toEqual([
      ['cy', 'Cymraeg'],
      ['en', 'English'],
      ['es', 'Español'],
      ['fr', 'Français'],
      ['it', 'Italiano'],
    ]);
    await choose(container, 'fr');
    expect(await screen.findByText('Langue')).toBeTruthy();
    expect(JSON.parse(window.localStorage.getItem(LANGUAGE_STORAGE_KEY) ?? '{}')).toMatchObject({
      code: 'fr',
    });
    await waitFor(() => expect(getSession().user?.language.code).toBe('fr'));
    expect(callsTo(seen, '/setUserLanguage').map((request) => request.body)).toEqual([
      { userid: testUser._id, lang: 'fr' },
    ]);
  });

  it('does not save the language the device already keeps again', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'cy');
    const seen = stubServer(() => json(500, {}));
    const { container } = renderWithRouter(<LanguagePage />, '/language');
    await choose(container, 'cy');
    expect(await screen.findByText('Iaith')).toBeTruthy();
    expect(seen).toHaveLength(0);
  });

  it('keeps the new language on the device and says so when the account cannot be updated', async () => {
    stubServer(() => json(503, { message: 'Service unavailable', code: 'UNAVAILABLE' }));
    const { container } = renderWithRouter(<LanguagePage />, '/language');
    await choose(container, 'es');
    expect(await screen.findByText('Service unavailable')).toBeTruthy();
    expect(screen.getByText('Idioma')).toBeTruthy();
    expect(JSON.parse(window.localStorage.getItem(LANGUAGE_STORAGE_KEY) ?? '{}')).toMatchObject({
      code: 'es',
    });
  });
});
