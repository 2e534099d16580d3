import { cy } from './cy.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { it } from './it.ts';
import type { MailTexts } from './mail-texts.ts';

const TEXTS: Readonly<Record<string, MailTexts>> = { en, fr, cy, es, it };

export const textsFor = (language: string): MailTexts => TEXTS[language] ?? en;

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

interface Block {
  paragraph?: string;
  link?: { label: string; href: string };
  code?: string;
}

function render(
  texts: MailTexts,
  subject: string,
  firstName: string,
  blocks: Block[],
): RenderedMail {
  const lines = [texts.greeting(firstName), ''];
  const html = [`<p>${escapeHtml(texts.greeting(firstName))}</p>`];
  for (const block of blocks) {
    if (block.paragraph) {
      lines.push(block.paragraph, '');
      html.push(`<p>${escapeHtml(block.paragraph)}</p>`);
    }
    if (block.code) {
      lines.push(`    ${block.code}`, '');
      html.push(
        `<p style="font-size:28px;letter-spacing:6px;font-weight:bold">${escapeHtml(block.code)}</p>`,
      );
    }
    if (block.link) {
      lines.push(`${block.link.label}: ${block.link.href}`, '');
      const href = escapeHtml(block.link.href);
      html.push(
        `<p><a href="${href}" style="display:inline-block;padding:12px 20px;background:#0a7c3e;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(block.link.label)}</a></p>`,
        `<p style="font-size:13px;color:#555">${escapeHtml(texts.linkFallback)}<br><a href="${href}">${href}</a></p>`,
      );
    }
  }
  lines.push(texts.signOff, texts.team);
  html.push(`<p>${escapeHtml(texts.signOff)}<br>${escapeHtml(texts.team)}</p>`);
  return {
    subject,
    text: lines.join('\n'),
    html: `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5;color:#1d1d1f">${html.join('')}</body></html>`,
  };
}

export function registrationMail(
  language: string,
  v: { firstName: string; link: string; hours: number },
) {
  const t = textsFor(language);
  return render(t, t.registration.subject, v.firstName, [
    { paragraph: t.registration.intro },
    { link: { label: t.registration.action, href: v.link } },
    { paragraph: t.registration.expiry(v.hours) },
    { paragraph: t.registration.ignore },
  ]);
}

export function passwordResetMail(
  language: string,
  v: { firstName: string; link: string; minutes: number },
) {
  const t = textsFor(language);
  return render(t, t.passwordReset.subject, v.firstName, [
    { paragraph: t.passwordReset.intro },
    { link: { label: t.passwordReset.action, href: v.link } },
    { paragraph: t.passwordReset.expiry(v.minutes) },
    { paragraph: t.passwordReset.ignore },
  ]);
}

/** To the owner of an address someone tried to register again (the caller is told nothing). */
export function accountExistsMail(
  language: string,
  v: { firstName: string; signInLink: string; resetLink: string },
) {
  const t = textsFor(language);
  return render(t, t.accountExists.subject, v.firstName, [
    { paragraph: t.accountExists.intro },
    { link: { label: t.accountExists.signIn, href: v.signInLink } },
    { paragraph: t.accountExists.forgotten },
    { link: { label: t.accountExists.reset, href: v.resetLink } },
    { paragraph: t.accountExists.ignore },
  ]);
}

export function mfaCodeMail(
  language: string,
  v: { firstName: string; code: string; minutes: number },
) {
  const t = textsFor(language);
  return render(t, t.mfaCode.subject, v.firstName, [
    { paragraph: t.mfaCode.intro, code: v.code },
    { paragraph: t.mfaCode.expiry(v.minutes) },
    { paragraph: t.mfaCode.ignore },
  ]);
}

export function mfaCodeSms(language: string, v: { code: string; minutes: number }): string {
  return textsFor(language).mfaCode.sms(v.code, v.minutes);
}

export function accountDeletionMail(language: string, v: { firstName: string }) {
  const t = textsFor(language);
  return render(t, t.accountDeletion.subject, v.firstName, [
    { paragraph: t.accountDeletion.body },
    { paragraph: t.accountDeletion.farewell },
  ]);
}

export function creditLowMail(
  language: string,
  v: { firstName: string; balance: string; threshold: string; topUpLink: string },
) {
  const t = textsFor(language);
  return render(t, t.creditLow.subject, v.firstName, [
    { paragraph: t.creditLow.body(v.balance, v.threshold) },
    { link: { label: t.creditLow.action, href: v.topUpLink } },
    { paragraph: t.creditLow.preferences },
  ]);
}
