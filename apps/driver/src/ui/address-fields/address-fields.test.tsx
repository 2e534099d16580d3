import { useEffect } from 'react';
import { act, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import { fill, ionControl, select } from '../../test/ionic-events.ts';
import { renderWithRouter } from '../../test/render-shell.tsx';
import { callsTo, json, stubServer } from '../../test/stub-server.ts';
import { AddressFields, type AddressNames, type AddressPart } from './address-fields.tsx';

interface AddressValue {
  line1: string;
  line2?: string;
  city: string;
  postcode: string;
  country: string;
}
type Form = Record<string, string>;

const countries = [
  { code: 'AE', name: 'United Arab Emirates', helpline: null },
  { code: 'FR', name: 'France', helpline: null },
  { code: 'IE', name: 'Ireland', helpline: null },
  { code: 'GB', name: 'United Kingdom', helpline: null },
  { code: 'BE', name: 'Belgium', helpline: null },
];

function serveCountries() {
  return stubServer((request) =>
    request.url.endsWith('/getAllCountries')
      ? json(200, { data: countries })
      : json(404, { message: 'Not found', code: 'NOT_FOUND' }),
  );
}

const home: AddressValue = {
  line1: '1 High Street',
  line2: '',
  city: 'Leeds',
  postcode: 'LS1 1AA',
  country: 'GB',
};

/**
 * The widget in a form that keeps what is typed, reporting each change by part; `names` renames
 * parts (a card's `address_city`), `errors` are refusals the form sets on parts.
 */
function renderAddress(
  initial: AddressValue,
  props: {
    names?: Partial<Record<AddressPart, string>>;
    errors?: Partial<Record<AddressPart, readonly string[]>>;
    postcodeAlways?: boolean;
  } = {},
) {
  const parts = Object.keys(initial) as AddressPart[];
  const nameOf = (part: AddressPart) => props.names?.[part] ?? part;
  const names = Object.fromEntries(parts.map((part) => [part, nameOf(part)])) as AddressNames<Form>;
  const partOf = (name: string) => parts.find((part) => nameOf(part) === name);
  const changes: [string, string][] = [];
  let latest: Form = {};
  function AddressForm() {
    const { control, setError, watch } = useForm<Form>({
      defaultValues: Object.fromEntries(parts.map((part) => [nameOf(part), initial[part] ?? ''])),
    });
    useEffect(() => {
      for (const [part, messages] of Object.entries(props.errors ?? {})) {
        const [message] = messages;
        if (message) setError(nameOf(part as AddressPart), { type: 'server', message });
      }
      const watching = watch((values, { name }) => {
        latest = values as Form;
        const part = name === undefined ? undefined : partOf(name);
        if (part && name) changes.push([part, values[name] ?? '']);
      });
      return () => watching.unsubscribe();
    }, [setError, watch]);
    return (
      <form>
        <AddressFields control={control} names={names} postcodeAlways={props.postcodeAlways} />
      </form>
    );
  }
  const { container } = renderWithRouter(<AddressForm />, '/edit-user');
  const value = () =>
    Object.fromEntries(parts.map((part) => [part, latest[nameOf(part)] ?? initial[part]]));
  return { container, changes, value };
}

const labels = (container: HTMLElement) =>
  [...container.querySelectorAll('ion-input, ion-select')].map(
    (element) => (element as Element & { label?: string }).label,
  );

const messagesUnder = (container: HTMLElement, tag: string, label: string) =>
  [
    ...(ionControl(container, tag, label).parentElement?.querySelectorAll('.field-error') ?? []),
  ].map((element) => element.textContent);

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

describe('AddressFields', () => {
  it('shows the street, second line, city, post code and country with their values', async () => {
    serveCountries();
    const { container } = renderAddress(home);
    expect(labels(container)).toEqual([
      'House number or name, street',
      'Address line 2 (optional)',
      'City',
      'Post code',
      'Country',
    ]);
    expect((ionControl(container, 'ion-input', 'City') as Element & { value?: string }).value).toBe(
      'Leeds',
    );
    await waitFor(() =>
      expect(
        [...container.querySelectorAll('ion-select-option')].map((option) => option.textContent),
      ).toEqual(['United Kingdom', 'Ireland', 'Belgium', 'France', 'United Arab Emirates']),
    );
  });

  it('leaves out the second line for an address without one (a card)', () => {
    serveCountries();
    const card: AddressValue = {
      line1: home.line1,
      city: home.city,
      postcode: home.postcode,
      country: home.country,
    };
    const { container } = renderAddress(card, {
      names: { line1: 'address_line1', city: 'address_city' },
    });
    expect(labels(container)).toEqual([
      'House number or name, street',
      'City',
      'Post code',
      'Country',
    ]);
    const nameOf = (label: string) =>
      (ionControl(container, 'ion-input', label) as Element & { name?: string }).name;
    expect(nameOf('City')).toBe('address_city');
    expect(nameOf('Post code')).toBe('postcode');
  });

  it('reports each part the driver changes', async () => {
    const seen = serveCountries();
    const { container, changes, value } = renderAddress(home);
    await waitFor(() => expect(callsTo(seen, '/getAllCountries')).toHaveLength(1));
    await fill(container, 'City', 'York');
    await fill(container, 'Post code', 'YO1 7HH');
    await select(ionControl(container, 'ion-select', 'Country'), 'IE');
    expect(changes).toEqual([
      ['city', 'York'],
      ['postcode', 'YO1 7HH'],
      ['country', 'IE'],
    ]);
    expect(value()).toEqual({ ...home, city: 'York', postcode: 'YO1 7HH', country: 'IE' });
  });

  it('shows what is wrong under each part and marks only those parts invalid', () => {
    serveCountries();
    const { container } = renderAddress(home, {
      errors: {
        city: ['Please enter your City'],
        country: ['Please Select your Country'],
        postcode: [],
      },
    });
    expect(messagesUnder(container, 'ion-input', 'City')).toEqual(['Please enter your City']);
    expect(messagesUnder(container, 'ion-select', 'Country')).toEqual([
      'Please Select your Country',
    ]);
    expect(messagesUnder(container, 'ion-input', 'Post code')).toEqual([]);
    expect(ionControl(container, 'ion-input', 'City').classList.contains('ion-invalid')).toBe(true);
    expect(ionControl(container, 'ion-input', 'Post code').classList.contains('ion-invalid')).toBe(
      false,
    );
  });

  it('asks for no post code where the chosen country has none (issue 19), unless told to', async () => {
    const seen = serveCountries();
    const { container } = renderAddress(home);
    await waitFor(() => expect(callsTo(seen, '/getAllCountries')).toHaveLength(1));
    await select(ionControl(container, 'ion-select', 'Country'), 'AE');
    await waitFor(() => expect(labels(container)).not.toContain('Post code'));
    expect(labels(container)).toContain('City');
    await select(ionControl(container, 'ion-select', 'Country'), 'GB');
    await waitFor(() => expect(labels(container)).toContain('Post code'));

    const card = renderAddress({ ...home, country: 'AE' }, { postcodeAlways: true });
    expect(labels(card.container)).toContain('Post code');
  });

  it('labels the parts in the driver’s language', async () => {
    serveCountries();
    await act(() => i18n.changeLanguage('cy'));
    const { container } = renderAddress(home);
    expect(labels(container)).toEqual([
      "Rhif neu enw'r tŷ, stryd",
      'Ail linell y cyfeiriad (dewisol)',
      'Dinas',
      'Cod post',
      'Gwlad',
    ]);
  });

  it('names the countries in the driver’s language, ordered by those names after GB and IE', async () => {
    serveCountries();
    await act(() => i18n.changeLanguage('fr'));
    const { container } = renderAddress(home);
    await waitFor(() =>
      expect(
        [...container.querySelectorAll('ion-select-option')].map((option) => option.textContent),
      ).toEqual(['Royaume-Uni', 'Irlande', 'Belgique', 'Émirats arabes unis', 'France']),
    );
  });
});
