import { Suspense, type ComponentType } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from '../lib/lazy-page.ts';
import { PageFailureBoundary } from './page-failure-boundary.tsx';

function SignInPage() {
  return <h1>Sign in</h1>;
}

describe('PageFailureBoundary', () => {
  it('says a page whose code did not come could not be opened, and fetches it again on retry', async () => {
    const fetches: {
      resolve: (module: { SignInPage: ComponentType }) => void;
      reject: () => void;
    }[] = [];
    const Page = lazyPage(
      () =>
        new Promise<{ SignInPage: ComponentType }>((resolve, reject) => {
          fetches.push({ resolve, reject: () => reject(new Error('offline')) });
        }),
      'SignInPage',
    );
    // React reports the error it caught; the page on screen is what is asserted.
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <PageFailureBoundary>
        <Suspense fallback={<p>Loading</p>}>
          <Page />
        </Suspense>
      </PageFailureBoundary>,
    );
    await act(() => Promise.resolve(fetches[0]?.reject()));
    expect(
      await screen.findByRole('heading', { name: 'This page could not be opened' }),
    ).toBeTruthy();
    expect(screen.getByText('Check your connection, then try again.')).toBeTruthy();

    fireEvent.click(screen.getByText('Try again'));
    expect(fetches).toHaveLength(2);
    await act(() => Promise.resolve(fetches[1]?.resolve({ SignInPage })));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    reported.mockRestore();
  });
});
