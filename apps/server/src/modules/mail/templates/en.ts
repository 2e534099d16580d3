import type { MailTexts } from './mail-texts.ts';

export const en: MailTexts = {
  greeting: (firstName) => (firstName ? `Hello ${firstName},` : 'Hello,'),
  signOff: 'Best wishes,',
  team: 'The EV Charge team',
  linkFallback: 'If the button does not work, copy this address into your browser:',
  registration: {
    subject: 'Confirm your EV Charge account',
    intro:
      'Thank you for registering. Please confirm your e-mail address to activate your account.',
    action: 'Confirm my account',
    expiry: (hours) => `This link is valid for ${hours} hours.`,
    ignore: 'If you did not create an account, you can ignore this e-mail.',
  },
  passwordReset: {
    subject: 'Reset your EV Charge password',
    intro: 'We received a request to reset the password of your account.',
    action: 'Choose a new password',
    expiry: (minutes) => `This link is valid for ${minutes} minutes and can be used once.`,
    ignore:
      'If you did not ask for this, you can ignore this e-mail; your password stays the same.',
  },
  mfaCode: {
    subject: 'Your EV Charge verification code',
    intro: 'Your 6 digit verification code is:',
    expiry: (minutes) => `The code is valid for ${minutes} minutes and can be used once.`,
    ignore: 'If you did not try to sign in, please change your password.',
    sms: (code, minutes) => `Your EV Charge code is ${code}. It is valid for ${minutes} minutes.`,
  },
  accountExists: {
    subject: 'Someone tried to register with your e-mail address',
    intro:
      'Someone, perhaps you, tried to create an EV Charge account with this e-mail address. You already have an account, so no new one was made.',
    signIn: 'Sign in',
    forgotten: 'If you have forgotten your password, you can choose a new one.',
    reset: 'Choose a new password',
    ignore: 'If this was not you, you can ignore this e-mail; nothing has changed on your account.',
  },
  accountDeletion: {
    subject: 'Your EV Charge account has been deleted',
    body: 'As you asked, we have deleted your account and removed your personal details. You have been signed out on every device.',
    farewell: 'Thank you for charging with us.',
  },
  creditLow: {
    subject: 'Your EV Charge credit is running low',
    body: (balance, threshold) =>
      `Your credit balance is now ${balance}, below the ${threshold} you asked us to warn you about.`,
    action: 'Top up my credit',
    preferences: 'You can change or turn off this alert in your e-mail preferences.',
  },
};
