import type { MailTexts } from './mail-texts.ts';

export const cy: MailTexts = {
  greeting: (firstName) => (firstName ? `Helo ${firstName},` : 'Helo,'),
  signOff: 'Cofion gorau,',
  team: 'Tîm EV Charge',
  linkFallback: "Os nad yw'r botwm yn gweithio, copïwch y cyfeiriad hwn i'ch porwr:",
  registration: {
    subject: 'Cadarnhewch eich cyfrif EV Charge',
    intro: "Diolch am gofrestru. Cadarnhewch eich cyfeiriad e-bost i roi'ch cyfrif ar waith.",
    action: 'Cadarnhau fy nghyfrif',
    expiry: (hours) => `Mae'r ddolen hon yn ddilys am ${hours} awr.`,
    ignore: "Os na wnaethoch chi greu cyfrif, gallwch anwybyddu'r e-bost hwn.",
  },
  passwordReset: {
    subject: 'Ailosodwch eich cyfrinair EV Charge',
    intro: 'Cawsom gais i ailosod cyfrinair eich cyfrif.',
    action: 'Dewis cyfrinair newydd',
    expiry: (minutes) =>
      `Mae'r ddolen hon yn ddilys am ${minutes} munud a dim ond unwaith y gellir ei defnyddio.`,
    ignore:
      "Os na wnaethoch chi ofyn am hyn, gallwch anwybyddu'r e-bost hwn; ni fydd eich cyfrinair yn newid.",
  },
  mfaCode: {
    subject: 'Eich cod dilysu EV Charge',
    intro: 'Eich cod dilysu 6 digid yw:',
    expiry: (minutes) =>
      `Mae'r cod yn ddilys am ${minutes} munud a dim ond unwaith y gellir ei ddefnyddio.`,
    ignore: 'Os na wnaethoch chi geisio mewngofnodi, newidiwch eich cyfrinair.',
    sms: (code, minutes) => `Eich cod EV Charge yw ${code}. Mae'n ddilys am ${minutes} munud.`,
  },
  accountExists: {
    subject: "Mae rhywun wedi ceisio cofrestru gyda'ch cyfeiriad e-bost",
    intro:
      "Mae rhywun, chi efallai, wedi ceisio creu cyfrif EV Charge gyda'r cyfeiriad e-bost hwn. Mae gennych gyfrif eisoes, felly ni chafodd cyfrif newydd ei greu.",
    signIn: 'Mewngofnodi',
    forgotten: "Os ydych wedi anghofio'ch cyfrinair, gallwch ddewis un newydd.",
    reset: 'Dewis cyfrinair newydd',
    ignore:
      "Os nad chi oedd hyn, gallwch anwybyddu'r e-bost hwn; nid oes dim wedi newid ar eich cyfrif.",
  },
  accountDeletion: {
    subject: 'Mae eich cyfrif EV Charge wedi cael ei ddileu',
    body: "Fel y gofynnoch chi, rydym wedi dileu eich cyfrif a'ch manylion personol. Rydych wedi cael eich allgofnodi ar bob dyfais.",
    farewell: 'Diolch am wefru gyda ni.',
  },
  creditLow: {
    subject: 'Mae eich credyd EV Charge yn isel',
    body: (balance, threshold) =>
      `Mae balans eich credyd bellach yn ${balance}, o dan y ${threshold} y gofynnoch i ni eich rhybuddio amdano.`,
    action: 'Ychwanegu at fy nghredyd',
    preferences: 'Gallwch newid neu ddiffodd y rhybudd hwn yn eich dewisiadau e-bost.',
  },
};
