import nodemailer from 'nodemailer';
import type { OutboxRepository } from './outbox-repository.ts';
import type { RenderedMail } from './templates/render.ts';

export interface MailMessage extends RenderedMail {
  to: string;
}

/** Sends e-mail. Text messages have no gateway yet and always go to the outbox. */
export interface Mailer {
  sendMail(message: MailMessage): Promise<void>;
  sendText(message: { to: string; text: string }): Promise<void>;
}

export function createOutboxMailer(outbox: OutboxRepository): Mailer {
  return {
    sendMail: (message) => outbox.add({ kind: 'email', ...message }),
    sendText: ({ to, text }) =>
      outbox.add({ kind: 'sms', to, subject: text.slice(0, 60), text, html: '' }),
  };
}

export function createSmtpMailer(smtpUrl: string, from: string, outbox: OutboxRepository): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  const texts = createOutboxMailer(outbox);
  return {
    async sendMail({ to, subject, text, html }) {
      await transport.sendMail({ from, to, subject, text, html });
    },
    sendText: (message) => texts.sendText(message),
  };
}
