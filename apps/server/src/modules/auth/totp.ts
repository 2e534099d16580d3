import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

const PERIOD_SECONDS = 30;
const ISSUER = 'EV Charge';

export const newTotpSecret = (): string => generateSecret();

export async function totpEnrolment(secret: string, accountName: string) {
  const otpauthUrl = generateURI({
    issuer: ISSUER,
    label: accountName,
    secret,
    period: PERIOD_SECONDS,
  });
  const qrDataUrl = await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 240 });
  return { otpauthUrl, qrDataUrl };
}

/**
 * The time step the code belongs to when it is valid now (one step of clock drift either way),
 * newer than `afterStep`; null otherwise. The caller records the step so a code works once.
 */
export async function matchTotp(
  secret: string,
  code: string,
  now: Date,
  afterStep: number | null,
): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    period: PERIOD_SECONDS,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: PERIOD_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
