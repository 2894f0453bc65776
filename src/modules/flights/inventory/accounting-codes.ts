/**
 * Each airline's three-digit IATA accounting (ticketing) code, the prefix of every ticket and EMD it
 * validates: 125 British Airways, 074 KLM, 057 Air France. The demo network's carriers as the airlines
 * print them on their tickets. Carriers left out here sell without IATA tickets (Ryanair, easyJet, Wizz
 * Air, IndiGo): their bookings are confirmed by the booking reference alone. An operator adds or
 * overrides codes with the `ACCOUNTING_CODES` setting (docs/configuration.md).
 */
export const IATA_ACCOUNTING_CODES: Readonly<Record<string, string>> = {
  AA: '001',
  AC: '014',
  AF: '057',
  AI: '098',
  AK: '807',
  AM: '139',
  AR: '044',
  AS: '027',
  AT: '147',
  AV: '134',
  AY: '105',
  B6: '279',
  BA: '125',
  BR: '695',
  CA: '999',
  CI: '297',
  CM: '230',
  CX: '160',
  CZ: '784',
  DL: '006',
  DY: '328',
  EK: '176',
  ET: '071',
  EW: '104',
  EY: '607',
  G3: '127',
  GA: '126',
  HU: '880',
  IB: '075',
  JL: '131',
  KE: '180',
  KL: '074',
  KQ: '706',
  KU: '229',
  LA: '045',
  LH: '220',
  LX: '724',
  LY: '114',
  MH: '232',
  MS: '077',
  MU: '781',
  NH: '205',
  NZ: '086',
  PC: '624',
  PR: '079',
  QF: '081',
  QR: '157',
  SA: '083',
  SK: '117',
  SQ: '618',
  SV: '065',
  TG: '217',
  TK: '235',
  TP: '047',
  UA: '016',
  VN: '738',
  VS: '932',
  VY: '030',
  WN: '526',
  WY: '910',
};

/** Looks a carrier's accounting code up: the operator's own codes first, then IATA's; undefined: ticketless. */
export function accountingCodeLookup(
  operatorCodes: Readonly<Record<string, string>>,
): (carrier: string) => string | undefined {
  return (carrier) => operatorCodes[carrier] ?? IATA_ACCOUNTING_CODES[carrier];
}
