import { Suspense, type ComponentType } from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyPage, preloadOnIntent, preloadPageAt, preloadPages } from './lazy-page.ts';
import type { FeatureRoute } from './routing.ts';

function SignInPage() {
  return <h1>Sign in</h1>;
}

/** A module fetch the test settles by hand, counting how often the page's code was asked for. */
function heldModule() {
  const fetches: {
    resolve: (module: { SignInPage: ComponentType }) => void;
    reject: () => void;
  }[] = [];
  const load = () =>
    new Promise<{ SignInPage: ComponentType }>((resolve, reject) => {
      fetches.push({ resolve, reject: () => reject(new Error('offline')) });
    });
  return { load, fetches };
}

const inBoundary = (Page: ComponentType) => (
  <Suspense fallback={<p>Loading</p>}>
    <Page />
  </Suspense>
);

describe('lazyPage (spec 000 §2: pages split off the first screen, preloaded after it)', () => {
  it('shows the boundary until the code comes, then the page', async () => {
    const { load, fetches } = heldModule();
    const Page = lazyPage(load, 'SignInPage');
    render(inBoundary(Page));
    expect(screen.getByText('Loading')).toBeTruthy();
    act(() => fetches[0]?.resolve({ SignInPage }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(fetches).toHaveLength(1);
  });

  it('renders a preloaded page at once, without the boundary', async () => {
    const { load, fetches } = heldModule();
    const Page = lazyPage(load, 'SignInPage');
    const preloaded = Page.preload();
    fetches[0]?.resolve({ SignInPage });
    await preloaded;
    render(inBoundary(Page));
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
  });

  it('asks again for code that failed to come', async () => {
    const { load, fetches } = heldModule();
    const Page = lazyPage(load, 'SignInPage');
    const first = Page.preload();
    fetches[0]?.reject();
    await expect(first).rejects.toThrow('offline');
    const second = Page.preload();
    fetches[1]?.resolve({ SignInPage });
    await expect(second).resolves.toBe(SignInPage);
  });
});

describe('preloadPages and preloadPageAt', () => {
  it('fetch each page once, one at a time, each when the browser is idle', async () => {
    const asked: string[] = [];
    const page = (name: string) =>
      lazyPage(() => {
        asked.push(name);
        return Promise.resolve({ SignInPage });
      }, 'SignInPage');
    const home = page('home');
    const charger = page('charger');
    const routes: FeatureRoute[] = [
      { path: '/home', component: home, access: 'guarded' },
      { path: '/charger-details/:barcode', component: charger, access: 'guarded' },
      { path: '/charger-details', component: charger, access: 'guarded' },
      { path: '/plain', component: SignInPage, access: 'open' },
    ];
    let idleCalls = 0;
    await preloadPages(routes, () => {
      idleCalls += 1;
      return Promise.resolve();
    });
    expect(asked).toEqual(['home', 'charger']);
    expect(idleCalls).toBe(2);

    const first = page('first screen');
    preloadPageAt(
      [...routes, { path: '/first/:id', component: first, access: 'open' }],
      '/first/7',
    );
    expect(asked).toEqual(['home', 'charger', 'first screen']);
  });
});

describe('preloadOnIntent (issue 14: a page is fetched when its link is pointed at or focused)', () => {
  function countingPage() {
    let asked = 0;
    const page = lazyPage(() => {
      asked += 1;
      return Promise.resolve({ SignInPage });
    }, 'SignInPage');
    return { page, asked: () => asked };
  }

  it('fetches the page of a link the pointer goes over, or that gets the focus, once', async () => {
    const details = countingPage();
    const history = countingPage();
    const stop = preloadOnIntent([
      { path: '/charger-details/:barcode', component: details.page, access: 'guarded' },
      { path: '/history', component: history.page, access: 'guarded' },
    ]);
    render(
      <nav>
        <a href="/charger-details/1001">
          <span>York</span>
        </a>
        <a href="/history">History</a>
      </nav>,
    );
    screen.getByText('York').dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(details.asked()).toBe(1);
    expect(history.asked()).toBe(0);
    act(() => screen.getByRole('link', { name: 'History' }).focus());
    expect(history.asked()).toBe(1);
    screen.getByText('York').dispatchEvent(new Event('pointerover', { bubbles: true }));
    await details.page.preload();
    expect(details.asked()).toBe(1);

    stop();
  });

  it('ignores links to other sites and stops when told', () => {
    const home = countingPage();
    const stop = preloadOnIntent([{ path: '/home', component: home.page, access: 'guarded' }]);
    render(
      <p>
        <a href="https://elsewhere.example/home">Elsewhere</a>
        <a href="/home">Home</a>
      </p>,
    );
    screen.getByText('Elsewhere').dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(home.asked()).toBe(0);
    stop();
    screen.getByText('Home').dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(home.asked()).toBe(0);
  });
});
