/** The words of every message in one language; layout and escaping live in render.ts. */
export interface MailTexts {
  greeting: (firstName: string) => string;
  signOff: string;
  team: string;
  linkFallback: string;
  registration: {
    subject: string;
    intro: string;
    action: string;
    expiry: (hours: number) => string;
    ignore: string;
  };
  passwordReset: {
    subject: string;
    intro: string;
    action: string;
    expiry: (minutes: number) => string;
    ignore: string;
  };
  mfaCode: {
    subject: string;
    intro: string;
    expiry: (minutes: number) => string;
    ignore: string;
    sms: (code: string, minutes: number) => string;
  };
  accountExists: {
    subject: string;
    intro: string;
    signIn: string;
    forgotten: string;
    reset: string;
    ignore: string;
  };
  accountDeletion: { subject: string; body: string; farewell: string };
  creditLow: {
    subject: string;
    body: (balance: string, threshold: string) => string;
    action: string;
    preferences: string;
  };
}
