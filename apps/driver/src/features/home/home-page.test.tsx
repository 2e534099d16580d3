import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadRecentChargers, rememberCharger } from '../../lib/recent-chargers.ts';
import { setUser } from '../../lib/session/session-store.ts';
import { testUser } from '../../test/fixtures.ts';
import { ionControl } from '../../test/ionic-events.ts';
import { renderWithRouter } from '../../test/render-shell.tsx';
import { HomePage } from './home-page.tsx';
import { i18n } from '../../lib/i18n.ts';
import type { CarType, User } from '@evc/contract';

const leaf: CarType = {
  _id: 'car-leaf',
  make: 'Nissan',
  model: 'Leaf',
  image: '/api/assets/cars/nissan-leaf.svg',
  milesPerKwh: 3.9,
};

function renderHome(user: User) {
  act(() => setUser(user));
  return renderWithRouter(<HomePage />, '/home');
}

/** The account link going to `path`, with its label and the status shown beside it. */
function link(container: HTMLElement, path: string) {
  const item = [...container.querySelectorAll('ion-item')].find(
    (element) => (element as HTMLElement & { routerLink?: string }).routerLink === path,
  );
  if (!item) throw new Error(`no link to ${path}`);
  return {
    // Ionic patches textContent of scoped components such as ion-label in jsdom; read the markup.
    label: item.querySelector('ion-label')?.innerHTML.replace(/<[^>]*>/g, ''),
    status: item.querySelector('ion-note')?.textContent ?? null,
  };
}

beforeEach(() => {
  window.localStorage.clear();
});

describe('HomePage (spec 000 §2)', () => {
  it('greets the driver by first name and shows the customer code', () => {
    const { container } = renderHome(testUser);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Hello, Dana');
    expect(screen.getByText('HR-1')).toBeTruthy();
    expect(ionControl(container, 'ion-input', 'Charger ID')).toBeTruthy();
  });

  it('groups the account pages under one Settings link, apart from charging (issue 19)', () => {
    const { container } = renderHome(testUser);
    expect(link(container, '/settings').label).toBe(
      'SettingsPassword, payment cards, language, terms and your account',
    );
    for (const path of ['/change-password', '/terms', '/delete-account', '/manage-payments']) {
      expect(() => link(container, path)).toThrow();
    }
  });

  it('sends a driver who must set up two-step sign-in to do so first', () => {
    const { container } = renderHome({ ...testUser, mfa: { required: true, methods: [] } });
    expect(
      screen.getByText(
        'Your account needs two-step sign-in before you can use it. Setting it up takes a minute.',
      ),
    ).toBeTruthy();
    const button = screen.getByText('Set it up now').closest('ion-button') as HTMLElement & {
      routerLink?: string;
    };
    expect(button.routerLink).toBe('/mfa');
    // Until then the session can only manage MFA; other account pages would be refused.
    expect(() => link(container, '/settings')).toThrow();
    expect(link(container, '/mfa').status).toBe('Off');
    expect(link(container, '/terms').label).toBe('Terms and Conditions');
    expect(link(container, '/privacy').label).toBe('Privacy policy');
    expect(() => ionControl(container, 'ion-input', 'Charger ID')).toThrow();
  });

  it('offers to scan a QR code beside the charger id entry', () => {
    renderHome(testUser);
    const button = screen.getByText('Scan a QR code').closest('ion-button') as HTMLElement & {
      routerLink?: string;
    };
    expect(button.routerLink).toBe('/barcode-scanner');
  });

  it('lists the recent charge points, most recent first, each opening its details', async () => {
    await rememberCharger({ barcode: '1001', name: 'Leeds Dock' });
    await rememberCharger({ barcode: '2002', name: 'York Station' });
    await rememberCharger({ barcode: '1001', name: 'Leeds Dock' });
    const { container } = renderHome(testUser);
    expect(await screen.findByText('Recent charge points')).toBeTruthy();
    const items = [...container.querySelectorAll('.home-recent ion-item')] as (HTMLElement & {
      routerLink?: string;
    })[];
    expect(items.map((item) => item.routerLink)).toEqual([
      '/charger-details/1001',
      '/charger-details/2002',
    ]);
    expect(items[0]?.querySelector('ion-label')?.innerHTML.replace(/<[^>]*>/g, '')).toBe(
      'Leeds DockCharger ID 1001',
    );
  });

  it('clears the recent charge points', async () => {
    await rememberCharger({ barcode: '1001', name: 'Leeds Dock' });
    renderHome(testUser);
    fireEvent.click(await screen.findByText('Clear list'));
    await waitFor(() => expect(screen.queryByText('Recent charge points')).toBeNull());
    expect(await loadRecentChargers()).toEqual([]);
  });

  it('shows no recent charge points before the driver opens one', () => {
    renderHome(testUser);
    expect(screen.queryByText('Recent charge points')).toBeNull();
  });

  it('offers to add a vehicle, top up and add a payment method, each leading to its page', async () => {
    const { container } = renderHome(testUser);
    const actions = screen.getByRole('navigation', { name: 'Quick actions' });
    const entries = [...actions.querySelectorAll('a')].map((anchor) => [
      anchor.querySelector('.home-action__label')?.textContent,
      anchor.getAttribute('href'),
    ]);
    expect(entries).toEqual([
      ['Add vehicle', '/edit-user#car-label'],
      ['Top up', '/topup-select-card'],
      ['Add payment method', '/add-payment-method'],
    ]);
    fireEvent.click(screen.getByText('Add payment method'));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/add-payment-method'),
    );
    expect(container.querySelectorAll('.home-action__plus')).toHaveLength(3);
  });

  it('shows the chosen vehicle, to change it', () => {
    renderHome({ ...testUser, car_type: leaf });
    const vehicle = screen.getByText('Change vehicle').closest('a') as HTMLAnchorElement;
    expect(vehicle.getAttribute('href')).toBe('/edit-user#car-label');
    expect(vehicle.textContent).toContain('Nissan Leaf');
  });

  it('offers no top up where the operator has turned CREDIT off (spec 000 §6)', async () => {
    const { currentBrand } = await import('../../lib/brand.ts');
    const features = currentBrand().features as { disabledFeatures: readonly string[] };
    const before = features.disabledFeatures;
    features.disabledFeatures = [...before, 'CREDIT'];
    try {
      renderHome(testUser);
      expect(screen.getByText('Add vehicle')).toBeTruthy();
      expect(screen.queryByText('Top up')).toBeNull();
      expect(screen.getByText('Add payment method')).toBeTruthy();
    } finally {
      features.disabledFeatures = before;
    }
  });

  it.each([
    ['fr', 'Ajouter un véhicule', 'Recharger le crédit', 'Ajouter un moyen de paiement'],
    ['cy', 'Ychwanegu cerbyd', 'Ychwanegu credyd', 'Ychwanegu dull talu'],
    ['es', 'Añadir vehículo', 'Recargar saldo', 'Añadir método de pago'],
    ['it', 'Aggiungi veicolo', 'Ricarica credito', 'Aggiungi metodo di pagamento'],
  ])('words the quick actions in %s', async (code, vehicle, topUp, payment) => {
    await act(() => i18n.changeLanguage(code));
    try {
      renderHome(testUser);
      for (const text of [vehicle, topUp, payment]) expect(screen.getByText(text)).toBeTruthy();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
