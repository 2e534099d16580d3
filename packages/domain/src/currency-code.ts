/**
 * The alphabetic codes of the currencies in circulation in ISO 4217 (list one, as amended up to
 * 2026: HRK, SLL, ZWL, ANG and BGN withdrawn; SLE, ZWG and XCG in their place). Fund codes (BOV,
 * CHE, CLF, …), precious metals, bond units, XDR, XTS and XXX are left out: no one pays for a
 * charge in them.
 */
export const ISO_4217_CURRENCY_CODES: readonly string[] = `
  AED AFN ALL AMD AOA ARS AUD AWG AZN BAM BBD BDT BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD CAD
  CDF CHF CLP CNY COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD
  GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD
  KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO
  NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE
  SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VED VES VND
  VUV WST XAF XCD XCG XOF XPF YER ZAR ZMW ZWG
`
  .trim()
  .split(/\s+/);

const CODES: ReadonlySet<string> = new Set(ISO_4217_CURRENCY_CODES);

/** Whether `code` is the alphabetic code of a circulating currency, as written (upper case). */
export function isCurrencyCode(code: string): boolean {
  return CODES.has(code);
}
