import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderConsole } from '../test/fake-api.tsx';
import { OVERVIEW } from '../test/overview.ts';
import { masqueradeHostProblem, masqueradeOrigin } from '../lib/masquerade.ts';

describe('open the app as this driver', () => {
  it.each([
    [{ protocol: 'http:', host: 'localhost:8080' }, 'http://support-masquerade.localhost:8080'],
    [
      { protocol: 'http:', host: 'voltway.localhost:8080' },
      'http://support-masquerade.voltway.localhost:8080',
    ],
    [
      { protocol: 'https:', host: 'app.voltway.example.com' },
      'https://support-masquerade.app.voltway.example.com',
    ],
  ])('the console at %o frames the app at %s', (location, origin) => {
    expect(masqueradeOrigin(location)).toBe(origin);
  });

  it.each([
    ['voltway.localhost', '8080', undefined],
    ['app.voltway.example.com', '', undefined],
    [
      'localhost',
      '8080',
      { blocking: false, betterConsoleUrl: 'http://evcharge.localhost:8080/console' },
    ],
    [
      '127.0.0.1',
      '8080',
      { blocking: true, betterConsoleUrl: 'http://evcharge.localhost:8080/console' },
    ],
  ])('on %s:%s the frame’s problem is %o', (hostname, port, problem) => {
    expect(masqueradeHostProblem({ protocol: 'http:', hostname, port })).toEqual(problem);
  });

  it('hands the token to the framed app’s origin only, and sends the clear messages', async () => {
    const calls = fakeApi({
      'GET /api/console/drivers/user-dana': () => OVERVIEW,
      'GET /api/console/audit': () => ({ entries: [] }),
      'POST /api/console/drivers/user-dana/masquerade': () => ({
        kind: 'user',
        driverId: 'user-dana',
        token: 'masquerade-token',
        expiry: '2026-11-26T08:00:00.000Z',
        masquerade: true,
      }),
    });
    renderConsole('/drivers/user-dana');
    const panel = await screen.findByRole('region', { name: 'Masquerade' });
    const user = userEvent.setup();
    await user.click(within(panel).getByRole('button', { name: 'Open the app as this driver' }));
    await user.type(within(panel).getByLabelText('Reason'), 'Driver cannot see their receipt');
    await user.click(within(panel).getByRole('button', { name: 'Open the app as this driver' }));

    const frame = await within(panel).findByTitle<HTMLIFrameElement>('Driver app (masquerade)');
    const origin = `http://support-masquerade.${window.location.host}`;
    expect(frame.getAttribute('src')).toBe(`${origin}/`);
    expect(calls.find((call) => call.path.endsWith('/masquerade'))?.body).toEqual({
      reason: 'Driver cannot see their receipt',
    });

    const target = frame.contentWindow;
    if (!target) throw new Error('no frame window');
    const post = vi.spyOn(target, 'postMessage').mockImplementation(() => undefined);
    // The app says it listens: another page's word is not taken for it.
    const ready = (from: string, source: Window) =>
      window.dispatchEvent(
        new MessageEvent('message', { data: { type: 'masqueradeReady' }, origin: from, source }),
      );
    ready('http://elsewhere.example', target);
    ready(origin, window);
    expect(post).not.toHaveBeenCalled();
    ready(origin, target);
    expect(post).toHaveBeenLastCalledWith(
      {
        type: 'masquerade',
        token: 'masquerade-token',
        kind: 'user',
        expiry: '2026-11-26T08:00:00.000Z',
      },
      origin,
    );
    for (const [label, type] of [
      ['Clear guest', 'clearGuest'],
      ['Sign the user out', 'clearUser'],
      ['Clear all', 'clearAll'],
    ] as const) {
      await user.click(within(panel).getByRole('button', { name: label }));
      expect(post).toHaveBeenLastCalledWith({ type }, origin);
    }
    expect(post.mock.calls.every(([, targetOrigin]) => targetOrigin === origin)).toBe(true);
  });
});
