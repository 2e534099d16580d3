import type { MailTexts } from './mail-texts.ts';

export const it: MailTexts = {
  greeting: (firstName) => (firstName ? `Ciao ${firstName},` : 'Ciao,'),
  signOff: 'Cordiali saluti,',
  team: 'Il team di EV Charge',
  linkFallback: 'Se il pulsante non funziona, copia questo indirizzo nel browser:',
  registration: {
    subject: 'Conferma il tuo account EV Charge',
    intro:
      'Grazie per la registrazione. Conferma il tuo indirizzo e-mail per attivare il tuo account.',
    action: 'Conferma il mio account',
    expiry: (hours) => `Questo link è valido per ${hours} ore.`,
    ignore: 'Se non hai creato un account, puoi ignorare questa e-mail.',
  },
  passwordReset: {
    subject: 'Reimposta la password di EV Charge',
    intro: 'Abbiamo ricevuto una richiesta di reimpostazione della password del tuo account.',
    action: 'Scegli una nuova password',
    expiry: (minutes) =>
      `Questo link è valido per ${minutes} minuti e può essere usato una sola volta.`,
    ignore:
      'Se non hai fatto tu questa richiesta, ignora questa e-mail: la tua password resta invariata.',
  },
  mfaCode: {
    subject: 'Il tuo codice di verifica EV Charge',
    intro: 'Il tuo codice di verifica a 6 cifre è:',
    expiry: (minutes) =>
      `Il codice è valido per ${minutes} minuti e può essere usato una sola volta.`,
    ignore: 'Se non hai provato ad accedere, cambia la password.',
    sms: (code, minutes) => `Il tuo codice EV Charge è ${code}. È valido per ${minutes} minuti.`,
  },
  accountExists: {
    subject: 'Qualcuno ha provato a registrarsi con il tuo indirizzo e-mail',
    intro:
      'Qualcuno, forse tu, ha provato a creare un account EV Charge con questo indirizzo e-mail. Hai già un account, quindi non ne è stato creato uno nuovo.',
    signIn: 'Accedi',
    forgotten: 'Se hai dimenticato la password, puoi sceglierne una nuova.',
    reset: 'Scegli una nuova password',
    ignore: 'Se non sei stato tu, ignora questa e-mail: il tuo account non è cambiato.',
  },
  accountDeletion: {
    subject: 'Il tuo account EV Charge è stato eliminato',
    body: 'Come richiesto, abbiamo eliminato il tuo account e cancellato i tuoi dati personali. Sei stato disconnesso da tutti i dispositivi.',
    farewell: 'Grazie per aver ricaricato con noi.',
  },
  creditLow: {
    subject: 'Il tuo credito EV Charge sta per esaurirsi',
    body: (balance, threshold) =>
      `Il tuo saldo è ora di ${balance}, sotto la soglia di ${threshold} per cui hai chiesto un avviso.`,
    action: 'Ricarica il mio credito',
    preferences: 'Puoi modificare o disattivare questo avviso nelle preferenze e-mail.',
  },
};
