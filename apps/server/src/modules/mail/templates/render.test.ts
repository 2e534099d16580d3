import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '@evc/domain';
import {
  accountDeletionMail,
  accountExistsMail,
  creditLowMail,
  mfaCodeMail,
  mfaCodeSms,
  passwordResetMail,
  registrationMail,
} from './render.ts';

const LINK = 'http://app.test/completeRegistration/tok_123';
const render = (language: string) => ({
  registration: registrationMail(language, { firstName: 'Dana', link: LINK, hours: 48 }),
  reset: passwordResetMail(language, {
    firstName: 'Dana',
    link: 'http://app.test/reset/tok_9',
    minutes: 60,
  }),
  accountExists: accountExistsMail(language, {
    firstName: 'Dana',
    signInLink: 'http://app.test/login',
    resetLink: 'http://app.test/reset-password',
  }),
  code: mfaCodeMail(language, { firstName: 'Dana', code: '042917', minutes: 10 }),
  deletion: accountDeletionMail(language, { firstName: 'Dana' }),
  creditLow: creditLowMail(language, {
    firstName: 'Dana',
    balance: '£3.00',
    threshold: '£5.00',
    topUpLink: 'http://app.test/topup-select-card',
  }),
});
const english = render('en');
const translated = SUPPORTED_LANGUAGES.filter((language) => language !== 'en');

describe('mail templates', () => {
  it.each(SUPPORTED_LANGUAGES)(
    '%s: every message carries its link or code in text and HTML',
    (language) => {
      const mails = render(language);
      expect(mails.registration.text).toContain(LINK);
      expect(mails.registration.html).toContain(`href="${LINK}"`);
      expect(mails.reset.text).toContain('http://app.test/reset/tok_9');
      expect(mails.accountExists.html).toContain('href="http://app.test/login"');
      expect(mails.accountExists.text).toContain('http://app.test/reset-password');
      expect(mails.code.text).toContain('042917');
      expect(mails.code.html).toContain('042917');
      expect(mails.creditLow.text).toContain('£3.00');
      expect(mails.creditLow.text).toContain('£5.00');
      expect(mails.creditLow.html).toContain('href="http://app.test/topup-select-card"');
      expect(mfaCodeSms(language, { code: '042917', minutes: 10 })).toContain('042917');
      for (const mail of Object.values(mails)) {
        expect(mail.text).toContain('Dana');
        expect(mail.html.startsWith('<!doctype html>')).toBe(true);
      }
    },
  );

  it.each(translated)('%s is translated, not an English copy', (language) => {
    const mails = render(language);
    for (const key of Object.keys(english) as (keyof typeof english)[]) {
      expect(mails[key].subject, key).not.toBe(english[key].subject);
      expect(mails[key].text, key).not.toBe(english[key].text);
    }
    expect(mfaCodeSms(language, { code: '1', minutes: 10 })).not.toBe(
      mfaCodeSms('en', { code: '1', minutes: 10 }),
    );
  });

  it('falls back to English for an unknown language and escapes HTML', () => {
    expect(registrationMail('de', { firstName: 'Dana', link: LINK, hours: 48 }).subject).toBe(
      english.registration.subject,
    );
    const mail = registrationMail('en', { firstName: '<script>x</script>', link: LINK, hours: 48 });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&#60;script&#62;');
  });
});
