import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChargeHistoryItem } from '@evc/contract';
import { testUser } from '../../test/fixtures.ts';
import { renderWithRouter } from '../../test/render-shell.tsx';
import { apiPath, callsTo, json, type SeenRequest, stubServer } from '../../test/stub-server.ts';
import { signedInAs } from '../../test/signed-in.ts';
import { HISTORY_PAGE_SIZE } from '../../lib/api/calls/get-charge-history.ts';
import { ChargeHistoryPage } from './charge-history-page.tsx';
import { historyItem as item } from './test-support.ts';

function api(pages: ChargeHistoryItem[][]): SeenRequest[] {
  let call = 0;
  return stubServer((request) => {
    if (apiPath(request) === '/getChargeHistory') return json(200, { data: pages[call++] ?? [] });
    if (apiPath(request) === '/development/stripe/receipts/send/generic')
      return json(200, { data: true });
    return json(404, { code: 'NOT_FOUND', message: 'no route' });
  });
}

beforeEach(async () => {
  await signedInAs(testUser);
});

describe('ChargeHistoryPage (spec 000 §2 chargehistory)', () => {
  it('asks for the driver’s own history and shows name, city, post code, cost and kWh', async () => {
    const seen = api([
      [
        item(),
        item({
          _id: 's2',
          name: 'York Station',
          city: 'York',
          post_code: 'YO24 1AB',
          cost: 0,
          kwh: 3,
        }),
      ],
    ]);
    renderWithRouter(<ChargeHistoryPage />, '/chargehistory');
    const first = (await screen.findByText('Leeds Dock')).closest('li') as HTMLElement;
    expect(within(first).getByText('Leeds, LS10 1PZ')).toBeTruthy();
    expect(first.querySelector('[data-field="cost"]')?.textContent).toBe('£5.61');
    expect(first.querySelector('[data-field="kwh"]')?.textContent).toBe('12.5 kWh');
    const second = screen.getByText('York Station').closest('li') as HTMLElement;
    expect(second.querySelector('[data-field="cost"]')?.textContent).toBe('£0.00');
    expect(callsTo(seen, '/getChargeHistory')[0]?.body).toEqual({
      usercode: testUser.HRCode,
      limit: HISTORY_PAGE_SIZE,
    });
  });

  it('says so when there is nothing yet', async () => {
    api([[]]);
    renderWithRouter(<ChargeHistoryPage />, '/chargehistory');
    expect(await screen.findByText('You have no charges yet.')).toBeTruthy();
  });

  it('loads older charges from the oldest one shown', async () => {
    const full = Array.from({ length: HISTORY_PAGE_SIZE }, (_, index) =>
      item({
        _id: `p${index}`,
        name: `Charger ${index}`,
        startdate: new Date(Date.UTC(2026, 10, 20 - index)).toISOString(),
      }),
    );
    const seen = api([full, [item({ _id: 'old', name: 'Oldest Place' })]]);
    renderWithRouter(<ChargeHistoryPage />, '/chargehistory');
    await userEvent.click(await screen.findByText('Show older charges'));
    expect(await screen.findByText('Oldest Place')).toBeTruthy();
    expect(callsTo(seen, '/getChargeHistory')[1]?.body).toMatchObject({
      startdate: full.at(-1)?.startdate,
      lastid: full.at(-1)?._id,
    });
    expect(screen.queryByText('Show older charges')).toBeNull();
  });

  it('shows a charge’s details with its cost breakdown from the entries it was priced with', async () => {
    api([[item()]]);
    renderWithRouter(<ChargeHistoryPage />, '/chargehistory');
    await userEvent.click(await screen.findByText('Charge details'));
    const details = await screen.findByRole('region', { name: 'Charge details' });
    expect(details.querySelector('[data-field="duration"] dd')?.textContent).toBe('01:00:00');
    expect(details.querySelector('[data-field="perKwh"] dd')?.textContent).toBe('£0.45 / kWh');
    // Two half hours at the same rate merge into one row (001 §9).
    const rows = details.querySelectorAll('.cost-breakdown tbody tr');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.textContent).toContain('12.5 kWh @ £0.45 / kWh');
  });

  it('mails the receipt of a finished charge, and offers none for a charge still going', async () => {
    const seen = api([
      [item(), item({ _id: 'live', name: 'Still Going', finished: false, enddate: null })],
    ]);
    renderWithRouter(<ChargeHistoryPage />, '/chargehistory');
    const live = (await screen.findByText('Still Going')).closest('li') as HTMLElement;
    expect(within(live).queryByText('Email receipt')).toBeNull();
    expect(within(live).getByText('· Charging now', { exact: false })).toBeTruthy();
    const done = screen.getByText('Leeds Dock').closest('li') as HTMLElement;
    await userEvent.click(within(done).getByText('Email receipt'));
    await waitFor(() =>
      expect(within(done).getByText(`Receipt sent to ${testUser.email}`)).toBeTruthy(),
    );
    expect(callsTo(seen, '/development/stripe/receipts/send/generic')[0]?.body).toEqual({
      transactionid: 's1',
    });
  });
});

describe('the history without connection (issue 19)', () => {
  it('keeps the charges on screen when loading more finds no connection, and says so', async () => {
    const first = Array.from({ length: HISTORY_PAGE_SIZE }, (_, index) =>
      item({ _id: `s${index}`, name: `Charger ${index}` }),
    );
    let connected = true;
    stubServer((request) => {
      if (!connected) return Promise.reject(new TypeError('Failed to fetch'));
      if (apiPath(request) === '/getChargeHistory') return json(200, { data: first });
      return json(404, { code: 'NOT_FOUND', message: 'no route' });
    });
    renderWithRouter(<ChargeHistoryPage />, '/chargehistory');
    await screen.findByText('Charger 0');

    connected = false;
    await userEvent.click(screen.getByText('Show older charges'));

    expect(await screen.findByText('No Internet Connection')).toBeTruthy();
    expect(screen.getByText('Charger 0')).toBeTruthy();
    expect(screen.getByText(`Charger ${HISTORY_PAGE_SIZE - 1}`)).toBeTruthy();
  });
});
