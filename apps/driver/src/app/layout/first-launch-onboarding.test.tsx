import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ONBOARDING_COMPLETED_KEY } from '../../features/onboarding/onboarding-completion.ts';
import {
  resetMasqueradeForTests,
  turnMasqueradeOn,
} from '../../lib/masquerade/masquerade-state.ts';
import { renderWithRouter } from '../../test/render-shell.tsx';
import { json, stubServer } from '../../test/stub-server.ts';
import { checkVersion } from '../start-up.ts';
import { FirstLaunchOnboarding } from './first-launch-onboarding.tsx';

/** The server accepts this app's version (or not), as the start-up check asks. */
async function versionChecked(accepted: boolean) {
  stubServer(() =>
    json(200, {
      data: accepted
        ? { majorversion: 2, minorversion: 0, patchversion: 0 }
        : { majorversion: 9, minorversion: 0, patchversion: 0 },
    }),
  );
  await act(() => checkVersion());
}

const skip = () => document.querySelector('.onboarding-modal .modal-container__close');

beforeEach(() => {
  Element.prototype.scrollTo = () => undefined;
  // Reset before, not after: a reset while the last test's page is still up would open it there.
  resetMasqueradeForTests();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('onboarding on first launch (spec 001 §2)', () => {
  it('opens on a device that has not seen it; skipping it is kept on the device', async () => {
    await versionChecked(true);
    renderWithRouter(<FirstLaunchOnboarding />, '/login');
    expect(await screen.findByText('Find a charger')).toBeTruthy();
    fireEvent.click(skip() as Element);
    await waitFor(() => expect(window.localStorage.getItem(ONBOARDING_COMPLETED_KEY)).toBe('true'));
    await waitFor(() => expect(screen.queryByText('Find a charger')).toBeNull());
  });

  it('is not shown again on a device that has seen it', async () => {
    window.localStorage.setItem(ONBOARDING_COMPLETED_KEY, 'true');
    await versionChecked(true);
    renderWithRouter(<FirstLaunchOnboarding />, '/login');
    await act(() => Promise.resolve());
    expect(document.querySelector('.onboarding-modal')).toBeNull();
  });

  it.each([
    ['on the update-app page', '/update-app-page'],
    ['inside the terms modal’s frame', '/terms?embedded=1'],
  ])('is not shown %s', async (_where, path) => {
    await versionChecked(true);
    renderWithRouter(<FirstLaunchOnboarding />, path);
    await act(() => Promise.resolve());
    expect(document.querySelector('.onboarding-modal')).toBeNull();
  });

  it('is not shown in support masquerade', async () => {
    await versionChecked(true);
    turnMasqueradeOn();
    renderWithRouter(<FirstLaunchOnboarding />, '/home');
    await act(() => Promise.resolve());
    expect(document.querySelector('.onboarding-modal')).toBeNull();
  });

  it('waits for the version check: an app too old to use shows no onboarding', async () => {
    await versionChecked(false);
    renderWithRouter(<FirstLaunchOnboarding />, '/login');
    await act(() => Promise.resolve());
    expect(document.querySelector('.onboarding-modal')).toBeNull();
  });
});
