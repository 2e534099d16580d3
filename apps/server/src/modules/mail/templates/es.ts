import type { MailTexts } from './mail-texts.ts';

export const es: MailTexts = {
  greeting: (firstName) => (firstName ? `Hola, ${firstName}:` : 'Hola:'),
  signOff: 'Un saludo,',
  team: 'El equipo de EV Charge',
  linkFallback: 'Si el botón no funciona, copia esta dirección en tu navegador:',
  registration: {
    subject: 'Confirma tu cuenta de EV Charge',
    intro:
      'Gracias por registrarte. Confirma tu dirección de correo electrónico para activar tu cuenta.',
    action: 'Confirmar mi cuenta',
    expiry: (hours) => `Este enlace es válido durante ${hours} horas.`,
    ignore: 'Si no has creado una cuenta, puedes ignorar este correo.',
  },
  passwordReset: {
    subject: 'Restablece tu contraseña de EV Charge',
    intro: 'Hemos recibido una solicitud para restablecer la contraseña de tu cuenta.',
    action: 'Elegir una contraseña nueva',
    expiry: (minutes) =>
      `Este enlace es válido durante ${minutes} minutos y solo se puede usar una vez.`,
    ignore: 'Si no lo has solicitado, puedes ignorar este correo; tu contraseña no cambiará.',
  },
  mfaCode: {
    subject: 'Tu código de verificación de EV Charge',
    intro: 'Tu código de verificación de 6 dígitos es:',
    expiry: (minutes) =>
      `El código es válido durante ${minutes} minutos y solo se puede usar una vez.`,
    ignore: 'Si no has intentado iniciar sesión, cambia tu contraseña.',
    sms: (code, minutes) =>
      `Tu código de EV Charge es ${code}. Es válido durante ${minutes} minutos.`,
  },
  accountExists: {
    subject: 'Alguien ha intentado registrarse con tu dirección de correo',
    intro:
      'Alguien, quizá tú, ha intentado crear una cuenta de EV Charge con esta dirección de correo electrónico. Ya tienes una cuenta, así que no se ha creado ninguna nueva.',
    signIn: 'Iniciar sesión',
    forgotten: 'Si has olvidado tu contraseña, puedes elegir una nueva.',
    reset: 'Elegir una contraseña nueva',
    ignore: 'Si no has sido tú, puedes ignorar este correo; tu cuenta no ha cambiado.',
  },
  accountDeletion: {
    subject: 'Tu cuenta de EV Charge se ha eliminado',
    body: 'Tal como pediste, hemos eliminado tu cuenta y borrado tus datos personales. Se ha cerrado tu sesión en todos tus dispositivos.',
    farewell: 'Gracias por cargar con nosotros.',
  },
  creditLow: {
    subject: 'Tu crédito de EV Charge se está agotando',
    body: (balance, threshold) =>
      `Tu saldo de crédito es ahora de ${balance}, por debajo de los ${threshold} sobre los que pediste que te avisáramos.`,
    action: 'Recargar mi crédito',
    preferences: 'Puedes cambiar o desactivar este aviso en tus preferencias de correo.',
  },
};
