/**
 * Ticket and EMD numbers as IATA forms them: the validating airline's three-digit accounting code, then
 * a ten-digit document number (the form code `2` of an electronic document, then the serial), 13 digits
 * in all; the check digit IATA prints after it is the document number's remainder modulo 7. A document
 * holds four coupons; a journey of more flights goes on conjunction documents, numbered on in sequence.
 */

/** Every airline's series counts on from here: form code 2, then the serial. */
const FIRST_DOCUMENT = 2_000_000_000;

/** Coupons on one ticket or EMD; more go on conjunction documents. */
export const COUPONS_PER_DOCUMENT = 4;

/** How many document numbers a document of `coupons` coupons takes: itself and its conjunctions. */
export const numbersFor = (coupons: number) => Math.max(1, Math.ceil(coupons / COUPONS_PER_DOCUMENT));

/** The 13-digit number of the `serial`-th document (from 1) an airline of accounting code `code` issues. */
export function documentNumber(code: string, serial: number): string {
  if (!/^\d{3}$/.test(code)) throw new RangeError(`accounting code ${code} is not three digits`);
  if (!Number.isSafeInteger(serial) || serial < 1 || serial >= 8_000_000_000)
    throw new RangeError(`serial ${serial} is outside an airline's document numbers`);
  return code + String(FIRST_DOCUMENT + serial);
}

/** The check digit of a 13-digit ticket or EMD number: its last ten digits modulo 7. */
export function checkDigit(number: string): number {
  if (!/^\d{13}$/.test(number)) throw new RangeError(`${number} is not a 13-digit document number`);
  return Number(BigInt(number.slice(3)) % 7n);
}

/** A ticket number as printed: `125 2000000001 1` (accounting code, document number, check digit). */
export const printedNumber = (number: string) =>
  `${number.slice(0, 3)} ${number.slice(3)} ${checkDigit(number)}`;

/** The series of numbers an accounting code's documents are taken from (src/db/sequences.ts). */
export const seriesOf = (code: string) => `ticket:${code}`;
