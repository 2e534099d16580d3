import { durationText, formatMoney, sessionBreakdown } from '@evc/domain';
import type { RenderedMail } from './render.ts';
import { textsFor } from './render.ts';

interface ReceiptTexts {
  subject: (charger: string) => string;
  intro: (charger: string) => string;
  started: string;
  ended: string;
  duration: string;
  energy: string;
  total: string;
  parts: { energy: string; connection: string; periods: string; overstay: string };
  breakdown: string;
  guestCode: string;
  row: (kWh: string, rate: string) => string;
  /** Why a session ended without the charger's stop: it went offline and said nothing more. */
  endedOffline: string;
}

const en: ReceiptTexts = {
  subject: (charger) => `Your charging receipt: ${charger}`,
  intro: (charger) => `Thank you for charging at ${charger}. Here is your receipt.`,
  started: 'Started',
  ended: 'Ended',
  duration: 'Duration',
  energy: 'Energy',
  total: 'Total',
  parts: {
    energy: 'Energy cost',
    connection: 'Connection fee',
    periods: 'Time charge',
    overstay: 'Overstay fee',
  },
  breakdown: 'Cost breakdown',
  guestCode: 'Guest code',
  row: (kWh, rate) => `${kWh} kWh @ ${rate} / kWh`,
  endedOffline:
    'This charge ended while the charger was offline: it is billed up to the last reading the charger sent.',
};

const RECEIPT_TEXTS: Readonly<Record<string, ReceiptTexts>> = {
  en,
  fr: {
    subject: (charger) => `Votre reçu de recharge : ${charger}`,
    intro: (charger) => `Merci d'avoir rechargé à ${charger}. Voici votre reçu.`,
    started: 'Début',
    ended: 'Fin',
    duration: 'Durée',
    energy: 'Énergie',
    total: 'Total',
    parts: {
      energy: "Coût de l'énergie",
      connection: 'Frais de connexion',
      periods: 'Frais de durée',
      overstay: 'Frais de stationnement prolongé',
    },
    breakdown: 'Détail du coût',
    guestCode: 'Code invité',
    row: (kWh, rate) => `${kWh} kWh à ${rate} / kWh`,
    endedOffline:
      "Cette recharge s'est terminée alors que la borne était hors ligne : elle est facturée jusqu'au dernier relevé envoyé par la borne.",
  },
  cy: {
    subject: (charger) => `Eich derbynneb gwefru: ${charger}`,
    intro: (charger) => `Diolch am wefru yn ${charger}. Dyma eich derbynneb.`,
    started: 'Dechreuwyd',
    ended: 'Gorffennwyd',
    duration: 'Hyd',
    energy: 'Ynni',
    total: 'Cyfanswm',
    parts: {
      energy: 'Cost ynni',
      connection: 'Ffi cysylltu',
      periods: 'Tâl amser',
      overstay: 'Ffi aros yn rhy hir',
    },
    breakdown: "Dadansoddiad o'r gost",
    guestCode: 'Cod gwestai',
    row: (kWh, rate) => `${kWh} kWh @ ${rate} / kWh`,
    endedOffline:
      'Daeth y gwefru hwn i ben tra oedd y gwefrydd all-lein: codir tâl hyd at y darlleniad olaf a anfonodd y gwefrydd.',
  },
  es: {
    subject: (charger) => `Su recibo de carga: ${charger}`,
    intro: (charger) => `Gracias por cargar en ${charger}. Aquí tiene su recibo.`,
    started: 'Inicio',
    ended: 'Fin',
    duration: 'Duración',
    energy: 'Energía',
    total: 'Total',
    parts: {
      energy: 'Coste de la energía',
      connection: 'Tarifa de conexión',
      periods: 'Cargo por tiempo',
      overstay: 'Cargo por estancia prolongada',
    },
    breakdown: 'Desglose del coste',
    guestCode: 'Código de invitado',
    row: (kWh, rate) => `${kWh} kWh a ${rate} / kWh`,
    endedOffline:
      'Esta carga terminó mientras el cargador estaba desconectado: se factura hasta la última lectura que envió el cargador.',
  },
  it: {
    subject: (charger) => `La tua ricevuta di ricarica: ${charger}`,
    intro: (charger) => `Grazie per aver ricaricato presso ${charger}. Ecco la tua ricevuta.`,
    started: 'Inizio',
    ended: 'Fine',
    duration: 'Durata',
    energy: 'Energia',
    total: 'Totale',
    parts: {
      energy: "Costo dell'energia",
      connection: 'Costo di connessione',
      periods: 'Costo a tempo',
      overstay: 'Penale di sosta',
    },
    breakdown: 'Dettaglio dei costi',
    guestCode: 'Codice ospite',
    row: (kWh, rate) => `${kWh} kWh a ${rate} / kWh`,
    endedOffline:
      "Questa ricarica si è conclusa mentre il caricatore era offline: è addebitata fino all'ultima lettura inviata dal caricatore.",
  },
};

const LOCALES: Readonly<Record<string, string>> = {
  en: 'en-GB',
  fr: 'fr-FR',
  cy: 'cy-GB',
  es: 'es-ES',
  it: 'it-IT',
};

export interface ReceiptValues {
  firstName: string;
  chargerName: string;
  startedAt: Date;
  endedAt: Date;
  durationSeconds: number;
  kWh: number;
  currency: { code: string; decimal_digits: number };
  total: number;
  parts: { energy: number; connection: number; periods: number; overstay: number };
  /** 30-minute entries (001 §3): when each starts, its rate per kWh and the kWh drawn. */
  breakdown: { periodStart: string; rate: number; value: number }[];
  /** A guest's receipt names its guest code: what brings the guest back to the session. */
  guestCode?: string;
  /** Set when the session ended without the charger's stop. */
  endReason?: 'charger-offline' | null;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A receipt of a finished session with its cost breakdown, in the driver's language. */
export function receiptMail(language: string, v: ReceiptValues): RenderedMail {
  const t = RECEIPT_TEXTS[language] ?? en;
  const common = textsFor(language);
  const locale = LOCALES[language] ?? 'en-GB';
  const money = (minor: number) => formatMoney(minor, v.currency, locale);
  const when = (date: Date) =>
    new Intl.DateTimeFormat(locale, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'UTC',
    }).format(date);
  const clock = (date: Date) =>
    new Intl.DateTimeFormat(locale, {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: 'UTC',
    }).format(date);
  const number = (value: number, digits: number) =>
    new Intl.NumberFormat(locale, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(value);
  const rate = (value: number) =>
    new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: v.currency.code,
      minimumFractionDigits: 2,
      maximumFractionDigits: 4,
    }).format(value);

  const summary: [string, string][] = [
    [t.started, `${when(v.startedAt)} UTC`],
    [t.ended, `${when(v.endedAt)} UTC`],
    [t.duration, durationText(v.durationSeconds)],
    [t.energy, `${number(v.kWh, 2)} kWh`],
    ...(v.guestCode ? [[t.guestCode, v.guestCode] as [string, string]] : []),
  ];
  const parts = (['energy', 'connection', 'periods', 'overstay'] as const)
    .filter((part) => part === 'energy' || v.parts[part] > 0)
    .map((part): [string, string] => [t.parts[part], money(v.parts[part])]);
  // 001 §9: consecutive half hours at the same rate read as one row; issue 19: each cut to the
  // session's real times and with its share of the energy cost, so the rows add up to it.
  const rows = sessionBreakdown({
    entries: v.breakdown,
    parts: v.parts,
    startedAt: v.startedAt,
    endedAt: v.endedAt,
  }).energy.map((row): [string, string, string] => [
    `${clock(row.periodFrom)} - ${clock(row.periodTo)}`,
    t.row(number(row.consumedKwh, 1), rate(row.kwhRate)),
    money(row.costMinor),
  ]);

  const lines = [
    common.greeting(v.firstName),
    '',
    t.intro(v.chargerName),
    '',
    ...(v.endReason === 'charger-offline' ? [t.endedOffline, ''] : []),
    ...summary.map(([label, value]) => `${label}: ${value}`),
    '',
    ...parts.map(([label, value]) => `${label}: ${value}`),
    `${t.total}: ${money(v.total)}`,
    '',
    `${t.breakdown} (UTC):`,
    ...rows.map(([period, text, cost]) => `  ${period}  ${text}  ${cost}`),
    '',
    common.signOff,
    common.team,
  ];
  const table = (list: (readonly string[])[], bold = false) =>
    list
      .map(
        ([label = '', ...values]) =>
          `<tr><td style="padding:2px 16px 2px 0">${escapeHtml(label)}</td>${values
            .map(
              (value) =>
                `<td style="padding:2px 16px 2px 0${bold ? ';font-weight:bold' : ''}">${escapeHtml(value)}</td>`,
            )
            .join('')}</tr>`,
      )
      .join('');
  const html = [
    `<p>${escapeHtml(common.greeting(v.firstName))}</p>`,
    `<p>${escapeHtml(t.intro(v.chargerName))}</p>`,
    ...(v.endReason === 'charger-offline' ? [`<p>${escapeHtml(t.endedOffline)}</p>`] : []),
    `<table>${table(summary)}</table>`,
    `<table style="margin-top:12px">${table(parts)}${table([[t.total, money(v.total)]], true)}</table>`,
    `<h3 style="font-size:15px">${escapeHtml(t.breakdown)} (UTC)</h3>`,
    `<table>${table(rows)}</table>`,
    `<p>${escapeHtml(common.signOff)}<br>${escapeHtml(common.team)}</p>`,
  ];
  return {
    subject: t.subject(v.chargerName),
    text: lines.join('\n'),
    html: `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5;color:#1d1d1f">${html.join('')}</body></html>`,
  };
}
