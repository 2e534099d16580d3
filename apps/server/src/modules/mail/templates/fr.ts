import type { MailTexts } from './mail-texts.ts';

export const fr: MailTexts = {
  greeting: (firstName) => (firstName ? `Bonjour ${firstName},` : 'Bonjour,'),
  signOff: 'Bien cordialement,',
  team: "L'équipe EV Charge",
  linkFallback: 'Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :',
  registration: {
    subject: 'Confirmez votre compte EV Charge',
    intro:
      'Merci de votre inscription. Veuillez confirmer votre adresse e-mail pour activer votre compte.',
    action: 'Confirmer mon compte',
    expiry: (hours) => `Ce lien est valable ${hours} heures.`,
    ignore: "Si vous n'avez pas créé de compte, vous pouvez ignorer cet e-mail.",
  },
  passwordReset: {
    subject: 'Réinitialisez votre mot de passe EV Charge',
    intro: 'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte.',
    action: 'Choisir un nouveau mot de passe',
    expiry: (minutes) => `Ce lien est valable ${minutes} minutes et ne peut servir qu'une fois.`,
    ignore:
      "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail ; votre mot de passe reste inchangé.",
  },
  mfaCode: {
    subject: 'Votre code de vérification EV Charge',
    intro: 'Votre code de vérification à 6 chiffres est :',
    expiry: (minutes) => `Ce code est valable ${minutes} minutes et ne peut servir qu'une fois.`,
    ignore: "Si vous n'avez pas essayé de vous connecter, veuillez changer votre mot de passe.",
    sms: (code, minutes) => `Votre code EV Charge est ${code}. Il est valable ${minutes} minutes.`,
  },
  accountExists: {
    subject: "Quelqu'un a tenté de s'inscrire avec votre adresse e-mail",
    intro:
      "Quelqu'un, peut-être vous, a tenté de créer un compte EV Charge avec cette adresse e-mail. Vous avez déjà un compte : aucun nouveau compte n'a été créé.",
    signIn: 'Me connecter',
    forgotten: 'Si vous avez oublié votre mot de passe, vous pouvez en choisir un nouveau.',
    reset: 'Choisir un nouveau mot de passe',
    ignore: "Si ce n'était pas vous, ignorez cet e-mail ; rien n'a changé sur votre compte.",
  },
  accountDeletion: {
    subject: 'Votre compte EV Charge a été supprimé',
    body: 'Comme vous nous l’avez demandé, nous avons supprimé votre compte et effacé vos données personnelles. Vous avez été déconnecté sur tous vos appareils.',
    farewell: 'Merci d’avoir rechargé avec nous.',
  },
  creditLow: {
    subject: 'Votre crédit EV Charge est bientôt épuisé',
    body: (balance, threshold) =>
      `Votre solde de crédit est maintenant de ${balance}, sous le seuil de ${threshold} pour lequel vous avez demandé une alerte.`,
    action: 'Recharger mon crédit',
    preferences: 'Vous pouvez modifier ou désactiver cette alerte dans vos préférences e-mail.',
  },
};
