import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Currency, User } from '@evc/contract';
import { API_2_0_0, createTestApp, DRIVER, OPERATOR, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let driver: { token: string; id: string };
let operator: { token: string; id: string };

async function signIn(account: { email: string; password: string }) {
  const { token } = await t.login(account);
  const me = (await t.call('userdata', { token, body: {} })).body.data as User;
  return { token, id: me._id };
}

beforeAll(async () => {
  t = await createTestApp();
  driver = await signIn(DRIVER);
  operator = await signIn(OPERATOR);
});
afterAll(() => t.close());

describe('userdata', () => {
  it('returns the signed-in user with language, currency, address and preferences', async () => {
    const { status, body } = await t.call('userdata', {
      token: driver.token,
      body: { populate: ['car_type'] },
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      first_name: 'Dana',
      email: DRIVER.email,
      roles: ['driver'],
      language: { code: 'en', language: 'English', class: 'flag-gb' },
      preferredCurrency: { code: 'GBP', symbol: '£' },
      phone_number: '+44 7700 900123',
      address: { country: 'GB', country_code: { code: 'GB', name: 'United Kingdom' } },
      car_type: null,
      email_prefs: {
        credit_low_alert: { enabled: false, threshold: 0 },
        charge_finished_alert: { enabled: false, threshold: 0 },
      },
      stripe_data: { latest: { balance: 0 } },
      mfa: { required: false, methods: [] },
    });
  });
});

describe('updateUser', () => {
  it('changes the caller’s own fields and answers the new user', async () => {
    const cars = (await t.call('getCarTypes')).body.data as { _id: string; model: string }[];
    const car = cars.find((candidate) => candidate.model === 'Leaf');
    const { status, body } = await t.call('updateUser', {
      token: driver.token,
      params: { userid: driver.id },
      body: {
        fields: {
          first_name: 'Danielle',
          car_type: car?._id,
          preferredCurrency: 'eur',
          address: { line1: '1 Rue de Rivoli', city: 'Paris', postcode: '75001', country: 'FR' },
          email_prefs: {
            credit_low_alert: { enabled: true, threshold: 500 },
            charge_finished_alert: { enabled: true, threshold: 0 },
          },
        },
      },
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      first_name: 'Danielle',
      car_type: { model: 'Leaf', image: '/api/assets/cars/nissan-leaf.svg' },
      preferredCurrency: { code: 'EUR' },
      address: { city: 'Paris', country: 'FR', country_code: { code: 'FR', name: 'France' } },
      email_prefs: { credit_low_alert: { enabled: true, threshold: 500 } },
    });
    const cleared = await t.call('updateUser', {
      token: driver.token,
      params: { userid: driver.id },
      body: { fields: { car_type: null } },
    });
    expect((cleared.body.data as User).car_type).toBeNull();
  });

  it('refuses to change another user with 403 FORBIDDEN', async () => {
    const { status, body } = await t.call('updateUser', {
      token: driver.token,
      params: { userid: operator.id },
      body: { fields: { first_name: 'Mallory' } },
    });
    expect(status).toBe(403);
    expect(body.code).toBe('FORBIDDEN');
    const me = (await t.call('userdata', { token: operator.token, body: {} })).body.data as User;
    expect(me.first_name).toBe('Olu');
  });

  it.each([
    [{ fields: { first_name: '' } }, 'fields.first_name'],
    [{ fields: { email: 'x@example.org' } }, 'fields'],
    [{ fields: { car_type: 'car_nope' } }, 'fields.car_type'],
    [{ fields: { preferredCurrency: 'ZZZ' } }, 'fields.preferredCurrency'],
    [{ fields: { language: 'de' } }, 'fields.language'],
    [{}, 'fields'],
  ])('answers 400 naming the field for %j', async (body, field) => {
    const result = await t.call('updateUser', {
      token: driver.token,
      params: { userid: driver.id },
      body,
    });
    expect(result.status).toBe(400);
    expect(result.body.code).toBe('VALIDATION');
    expect(result.body.message?.startsWith(`${field}: `)).toBe(true);
  });
});

describe('setUserLanguage', () => {
  it('saves the language on the account', async () => {
    const { body } = await t.call('setUserLanguage', {
      token: driver.token,
      body: { userid: driver.id, lang: 'fr' },
    });
    expect((body.data as User).language).toMatchObject({ code: 'fr', language: 'Français' });
    const me = (await t.call('userdata', { token: driver.token, body: {} })).body.data as User;
    expect(me.language.code).toBe('fr');
  });

  it('refuses another user and unknown languages', async () => {
    const other = await t.call('setUserLanguage', {
      token: driver.token,
      body: { userid: operator.id, lang: 'it' },
    });
    expect(other.status).toBe(403);
    const unknown = await t.call('setUserLanguage', {
      token: driver.token,
      body: { userid: driver.id, lang: 'xx' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/^lang: /);
  });
});

describe('getUserBalance', () => {
  it('answers the stored balance in the user’s currency', async () => {
    const { status, body } = await t.call('getUserBalance', {
      token: operator.token,
      body: { refresh: true, userid: operator.id },
    });
    expect(status).toBe(200);
    const data = body.data as { balance: number; currency: Currency };
    expect(data.balance).toBe(0);
    expect(data.currency.code).toBe('GBP');
  });

  it('refuses another user’s balance and names a missing userid', async () => {
    expect(
      (await t.call('getUserBalance', { token: operator.token, body: { userid: driver.id } }))
        .status,
    ).toBe(403);
    const missing = await t.call('getUserBalance', { token: operator.token, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/^userid: /);
  });
});

describe('getVisibilityPermissions', () => {
  it('grants drivers charging and credit, operators also operator and support', async () => {
    const names = async (token: string) =>
      (
        (await t.call('getVisibilityPermissions', { token, body: {} })).body.data as {
          name: string;
        }[]
      ).map((permission) => permission.name);
    expect(await names(driver.token)).toEqual(['CHARGER_CHARGE_AT', 'CREDIT']);
    expect(await names(operator.token)).toEqual([
      'CHARGER_CHARGE_AT',
      'CREDIT',
      'OPERATOR',
      'SUPPORT',
    ]);
  });
});

describe('requestAccountDeletion', () => {
  it('anonymises the account, ends its sessions, mails the user and frees the address', async () => {
    const registered = await t.call('startRegistration', {
      body: {
        user: {
          first_name: 'Gwen',
          last_name: 'Leaving',
          email: 'leaving@example.org',
          password: 'Farewell-Pass-2026',
          phone_number: '+44 7700 900999',
          address: { line1: '1 Road', city: 'Bath', postcode: 'BA1 1AA', country: 'GB' },
          preferredCurrency: 'GBP',
          language: 'es',
          acceptedTerms: true,
          acceptedPrivacy: true,
        },
      },
    });
    expect(registered.status).toBe(200);
    const [confirmation] = await t.outbox('leaving@example.org');
    const token = /completeRegistration\/(\S+)/.exec(confirmation?.text ?? '')?.[1] ?? '';
    const completed = (await t.call('completeRegistration', { body: { uuid: 'd', token } })).body
      .data as {
      user: { token: string };
    };

    const deleted = await t.call('requestAccountDeletion', {
      token: completed.user.token,
      body: {},
    });
    expect(deleted.body).toEqual({ data: true });
    const [farewell] = await t.outbox('leaving@example.org');
    expect(farewell?.subject).toBe('Tu cuenta de EV Charge se ha eliminado');

    const after = await t.call('userdata', { token: completed.user.token, body: {} });
    expect(after.status).toBe(401);
    expect(after.body.forcelogout).toBe(true);
    const login = await t.call('login', {
      body: {
        name: 'leaving@example.org',
        password: 'Farewell-Pass-2026',
        apiVersion: API_2_0_0,
        appVersion: '2.7.9',
        uuid: 'd',
      },
    });
    expect(login.status).toBe(401);
  });
});
