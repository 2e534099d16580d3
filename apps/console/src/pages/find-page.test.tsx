import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderConsole } from '../test/fake-api.tsx';
import { DANA } from '../test/overview.ts';

describe('find a driver or guest', () => {
  it('sends what staff type and lists who matches, linking to their overview', async () => {
    const calls = fakeApi({
      'POST /api/console/drivers/find': () => ({
        drivers: [
          DANA,
          {
            ...DANA,
            kind: 'guest',
            id: 'guest-1',
            email: null,
            name: '',
            phone: null,
            code: 'G-7KQ2',
          },
        ],
      }),
    });
    renderConsole('/');
    const user = userEvent.setup();
    await user.type(
      screen.getByLabelText(/E-mail, name, phone, HRCode or guest code/),
      'driver@example',
    );
    await user.click(screen.getByRole('button', { name: 'Find' }));
    const link = await screen.findByRole('link', { name: 'Dana Driver' });
    expect(link.getAttribute('href')).toBe('/drivers/user-dana');
    expect(screen.getByRole('link', { name: 'G-7KQ2' }).getAttribute('href')).toBe(
      '/drivers/guest-1',
    );
    expect(screen.getByText('Guest')).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/console/drivers/find',
      body: { query: 'driver@example' },
      authorization: 'Bearer staff-token',
    });
  });

  it('says when nobody matches', async () => {
    fakeApi({ 'POST /api/console/drivers/find': () => ({ drivers: [] }) });
    renderConsole('/?q=nobody');
    await screen.findByText('No driver or guest matches “nobody”.');
  });
});
