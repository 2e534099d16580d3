import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REGISTRATION_EMAIL_RESEND_SECONDS } from '@evc/domain';
import { renderWithRouter } from '../../test/render-shell.tsx';
import { json, stubServer } from '../../test/stub-server.ts';
import { EmailSentPage } from './email-sent-page.tsx';
import { isDisabled } from '../../test/ionic-events.ts';

const resendDisabled = () =>
  isDisabled(
    screen.getByText(/Send (again in \d+ s|the e-mail again)/).closest('ion-button') as Element,
  );

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function wait(seconds: number) {
  for (let second = 0; second < seconds; second += 1) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
  }
}

describe('EmailSentPage', () => {
  it('names the address and lets a new e-mail be asked for once the countdown ends', async () => {
    const seen = stubServer(() => json(200, { data: { sent: true } }));
    renderWithRouter(<EmailSentPage />, '/email-sent?email=rhiannon%40example.com');
    expect(
      screen.getByText(/We have sent a confirmation link to rhiannon@example.com/),
    ).toBeTruthy();
    expect(screen.getByText(`Send again in ${REGISTRATION_EMAIL_RESEND_SECONDS} s`)).toBeTruthy();
    expect(resendDisabled()).toBe(true);

    await wait(1);
    expect(
      screen.getByText(`Send again in ${REGISTRATION_EMAIL_RESEND_SECONDS - 1} s`),
    ).toBeTruthy();
    await wait(REGISTRATION_EMAIL_RESEND_SECONDS - 1);
    expect(resendDisabled()).toBe(false);

    vi.useRealTimers();
    fireEvent.click(screen.getByText('Send the e-mail again'));
    expect(
      await screen.findByText('A new confirmation e-mail is on its way to rhiannon@example.com.'),
    ).toBeTruthy();
    expect(seen.map((request) => [new URL(request.url).pathname, request.body])).toEqual([
      ['/api/requestRegistrationEmail', { email: 'rhiannon@example.com' }],
    ]);
    expect(screen.getByText(`Send again in ${REGISTRATION_EMAIL_RESEND_SECONDS} s`)).toBeTruthy();
  });

  it('after a refused sign-in (nothing was just sent) the e-mail can be asked for at once', () => {
    stubServer(() => json(200, { data: { sent: true } }));
    renderWithRouter(<EmailSentPage />, '/email-sent?email=new%40example.com&pending=1');
    expect(screen.getByText(/new@example.com is waiting for confirmation/)).toBeTruthy();
    expect(resendDisabled()).toBe(false);
  });
});
