import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JoinedGroup } from '@evc/contract';
import { testUser } from '../../test/fixtures.ts';
import { renderWithRouter } from '../../test/render-shell.tsx';
import { apiPath, callsTo, json, type SeenRequest, stubServer } from '../../test/stub-server.ts';
import { findAlert, pressAlertButton } from '../../test/alerts.ts';
import { signedInAs } from '../../test/signed-in.ts';
import { AddAffiliatesPage } from './add-affiliates-page.tsx';
import { AffiliatesPage } from './affiliates-page.tsx';
import { ManageAffiliatesPage } from './manage-affiliates-page.tsx';

const LIST = '/development/usergroup/listjoined';
const LEAVE = '/development/usergroup/leavejoined';
const JOIN = '/development/usergroup/join/bycode';

const fleet: JoinedGroup = {
  _id: 'g1',
  name: 'Leeds Fleet',
  groupCode: 'LEEDS-FLEET',
  userCode: 'EMP-42',
  joinedAt: '2026-03-14T09:30:00.000Z',
  ownTariff: true,
};
const club: JoinedGroup = {
  _id: 'g2',
  name: 'EV Club',
  groupCode: 'EV-CLUB',
  userCode: null,
  joinedAt: '2026-05-01T12:00:00.000Z',
  ownTariff: false,
};

/** A server keeping the driver's groups: listing, leaving and joining change them. */
function groupServer(initial: JoinedGroup[], onJoin?: (request: SeenRequest) => Response) {
  let groups = [...initial];
  return stubServer((request) => {
    const path = apiPath(request);
    if (path === LIST) return json(200, { data: groups });
    if (path === LEAVE) {
      const { groupid } = request.body as { groupid: string };
      groups = groups.filter((group) => group._id !== groupid);
      return json(200, { data: true });
    }
    if (path === JOIN && onJoin) return onJoin(request);
    return json(404, { message: 'unexpected', code: 'NOT_FOUND' });
  });
}

beforeEach(async () => {
  await signedInAs(testUser);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AffiliatesPage (spec 000 §2 affiliates)', () => {
  it('shows each joined group with its codes, joined date and whether it has its own prices', async () => {
    groupServer([fleet, club]);
    renderWithRouter(<AffiliatesPage />, '/affiliates');
    const card = await screen.findByRole('listitem', { name: 'Leeds Fleet' });
    expect(card.textContent).toContain('LEEDS-FLEET');
    expect(card.textContent).toContain('EMP-42');
    expect(card.textContent).toContain('Joined 14 Mar 2026');
    expect(card.textContent).toContain('Group prices');
    const other = screen.getByRole('listitem', { name: 'EV Club' });
    expect(other.textContent).not.toContain('Your code');
    expect(other.textContent).not.toContain('Group prices');
  });

  it('says so when the driver has joined no group', async () => {
    groupServer([]);
    renderWithRouter(<AffiliatesPage />, '/affiliates');
    expect(await screen.findByText('You have not joined a group yet.')).toBeTruthy();
  });

  it('leaves a group only once the driver confirms', async () => {
    const seen = groupServer([fleet, club]);
    renderWithRouter(<AffiliatesPage />, '/affiliates');
    const card = await screen.findByRole('listitem', { name: 'EV Club' });
    const leaveButton = () => card.querySelector('ion-button')!;

    await userEvent.click(leaveButton());
    const confirm = await findAlert('Leave EV Club?');
    expect(confirm.message).toBe('You can join again with the group code.');
    await pressAlertButton(confirm, 'Cancel');
    expect(callsTo(seen, LEAVE)).toHaveLength(0);

    await userEvent.click(leaveButton());
    await pressAlertButton(await findAlert('Leave EV Club?'), 'Leave');
    await pressAlertButton(await findAlert('Group left'), 'OK');
    expect(callsTo(seen, LEAVE).map((request) => request.body)).toEqual([{ groupid: 'g2' }]);
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'EV Club' })).toBeNull());
    expect(screen.getByRole('listitem', { name: 'Leeds Fleet' })).toBeTruthy();
  });

  it('warns that leaving a group with its own prices brings back the usual prices', async () => {
    groupServer([fleet]);
    renderWithRouter(<AffiliatesPage />, '/affiliates');
    const card = await screen.findByRole('listitem', { name: 'Leeds Fleet' });
    await userEvent.click(card.querySelector('ion-button')!);
    const confirm = await findAlert('Leave Leeds Fleet?');
    expect(confirm.message).toContain('You will pay the usual prices at its chargers.');
  });

  it('shows why leaving failed', async () => {
    stubServer((request) =>
      apiPath(request) === LIST
        ? json(200, { data: [club] })
        : json(404, { message: 'groupid: not a member', code: 'GROUP_NOT_JOINED' }),
    );
    renderWithRouter(<AffiliatesPage />, '/affiliates');
    const card = await screen.findByRole('listitem', { name: 'EV Club' });
    await userEvent.click(card.querySelector('ion-button')!);
    await pressAlertButton(await findAlert('Leave EV Club?'), 'Leave');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You are not a member of this group.',
    );
  });
});

describe('ManageAffiliatesPage (spec 000 §2 manage-affiliates)', () => {
  it('leads to the joined groups, with their number, and to joining one', async () => {
    groupServer([fleet, club]);
    const { container } = renderWithRouter(<ManageAffiliatesPage />, '/manage-affiliates');
    expect((await screen.findByText('2')).closest('ion-item')?.textContent).toContain(
      'Your groups',
    );
    const links = [...container.querySelectorAll('ion-item')].map((item) =>
      item.getAttribute('router-link'),
    );
    expect(links).toEqual(['/affiliates', '/add-affiliates']);
  });
});

describe('AddAffiliatesPage (spec 000 §2 add-affiliates)', () => {
  async function fill(label: string, value: string) {
    const input = await screen.findByLabelText(label);
    await userEvent.type(input, value);
  }
  const submit = () => userEvent.click(screen.getByText('Join group'));

  it('joins by group code with the driver’s own code, then shows the groups', async () => {
    const seen = groupServer([], () => json(200, { data: fleet }));
    renderWithRouter(<AddAffiliatesPage />, '/add-affiliates');
    await fill('Group code', ' leeds-fleet ');
    await fill('Your code (optional)', 'EMP-42');
    await submit();
    await pressAlertButton(await findAlert('Group joined'), 'OK');
    expect(callsTo(seen, JOIN).map((request) => request.body)).toEqual([
      { code: { groupcode: 'LEEDS-FLEET', usercode: 'EMP-42' } },
    ]);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/affiliates'));
  });

  it('the own code is optional', async () => {
    const seen = groupServer([], () => json(200, { data: club }));
    renderWithRouter(<AddAffiliatesPage />, '/add-affiliates');
    await fill('Group code', 'EV-CLUB');
    await submit();
    await findAlert('Group joined');
    expect(callsTo(seen, JOIN).map((request) => request.body)).toEqual([
      { code: { groupcode: 'EV-CLUB', usercode: null } },
    ]);
  });

  it.each([
    ['', 'Please enter the group code.'],
    ['a b', 'A group code has 3 to 32 letters, digits, dashes or underscores.'],
  ])('refuses the group code %j without asking the server', async (code, message) => {
    const seen = groupServer([]);
    renderWithRouter(<AddAffiliatesPage />, '/add-affiliates');
    if (code) await fill('Group code', code);
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(seen).toHaveLength(0);
  });

  it('shows the affiliation join error when no group has the code (spec 000 §8)', async () => {
    groupServer([], () =>
      json(404, { message: 'Unable to join the group', code: 'AFFILIATION_JOIN_FAILED' }),
    );
    renderWithRouter(<AddAffiliatesPage />, '/add-affiliates');
    await fill('Group code', 'NO-SUCH');
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We could not add you to the group. Please check the group code and try again.',
    );
    expect(screen.getByTestId('location').textContent).toBe('/add-affiliates');
  });

  it('says so when the driver is in the group already', async () => {
    groupServer([], () =>
      json(409, { message: 'You have already joined this group', code: 'ALREADY_IN_GROUP' }),
    );
    renderWithRouter(<AddAffiliatesPage />, '/add-affiliates');
    await fill('Group code', 'EV-CLUB');
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You have already joined this group.',
    );
  });
});
