import {
  type Applied,
  appliedOf,
  attr,
  ERR,
  EWT,
  hotelOf,
  list,
  type Node,
  type OtaError,
  one,
  problem,
  type Read,
  whole,
} from './ota-read.ts';

/**
 * A night's price as written: a `BaseByGuestAmt` (`base`, for a number of guests, any when null), or an
 * `AdditionalGuestAmount` for each adult beyond those priced or each child (up to `maxAge`).
 */
export interface GuestAmount {
  kind: 'base' | 'adult' | 'child';
  guests: number | null;
  maxAge: number | null;
  afterTax: string | null;
  beforeTax: string | null;
  currency: string | null;
  decimalPlaces: number | null;
  tag: string;
}

export interface RateUpdate extends Applied {
  amounts: GuestAmount[];
}

/**
 * What every amount element writes alike: its amount after or before tax (`Amount` where `plain` is
 * named), its currency (or its Rate's, given once for all its amounts), its decimal places; with the
 * errors of those.
 */
function amountOf(a: Node, at: string, errors: OtaError[], rate: Node, plain?: 'Amount') {
  const places = attr(a, 'DecimalPlaces');
  const written = {
    afterTax: attr(a, 'AmountAfterTax') ?? (plain ? attr(a, plain) : undefined) ?? null,
    beforeTax: attr(a, 'AmountBeforeTax') ?? null,
    currency: attr(a, 'CurrencyCode') ?? attr(rate, 'CurrencyCode') ?? null,
    decimalPlaces: places === undefined ? null : (whole(places, 0, 4) ?? Number.NaN),
    tag: at,
  };
  if (Number.isNaN(written.decimalPlaces))
    errors.push(
      problem(EWT.bizRule, ERR.invalidValue, 'DecimalPlaces must be 0 to 4', `${at}/@DecimalPlaces`),
    );
  if (written.afterTax === null && written.beforeTax === null)
    errors.push(
      problem(
        EWT.required,
        ERR.requiredMissing,
        `${plain ? 'Amount, ' : ''}AmountAfterTax or AmountBeforeTax is required`,
        `${at}/@${plain ?? 'AmountAfterTax'}`,
      ),
    );
  return written;
}

/** One `BaseByGuestAmt` as written, with its errors. */
function guestAmount(a: Node, at: string, errors: OtaError[], rate: Node): GuestAmount {
  const guests = attr(a, 'NumberOfGuests');
  const count = guests === undefined ? null : (whole(guests, 1, 99) ?? Number.NaN);
  if (Number.isNaN(count))
    errors.push(
      problem(
        EWT.bizRule,
        ERR.invalidValue,
        'NumberOfGuests must be a whole number from 1',
        `${at}/@NumberOfGuests`,
      ),
    );
  return { kind: 'base', maxAge: null, guests: count, ...amountOf(a, at, errors, rate) };
}

/** One `AdditionalGuestAmount` (AgeQualifyingCode 10: an adult; 8: a child, up to MaxAge) as written. */
function additionalAmount(a: Node, at: string, errors: OtaError[], rate: Node): GuestAmount {
  const code = attr(a, 'AgeQualifyingCode');
  const written = attr(a, 'MaxAge');
  const maxAge = written === undefined ? null : (whole(written, 0, 17) ?? Number.NaN);
  if (code !== '10' && code !== '8')
    errors.push(
      problem(
        EWT.bizRule,
        ERR.invalidValue,
        'AgeQualifyingCode must be 10 (adult) or 8 (child)',
        `${at}/@AgeQualifyingCode`,
      ),
    );
  if (Number.isNaN(maxAge))
    errors.push(
      problem(EWT.bizRule, ERR.invalidValue, 'MaxAge must be a whole number from 0 to 17', `${at}/@MaxAge`),
    );
  const amount = amountOf(a, at, errors, rate, 'Amount');
  return { kind: code === '8' ? 'child' : 'adult', guests: null, maxAge, ...amount };
}

/** One `Rate` of a message: its amounts, on the message's nights or the narrower ones it gives. */
function rateOf(rate: Node, rateTag: string, applied: Applied | undefined, read: Read<RateUpdate>): void {
  // A Rate may narrow the message's dates with its own Start and End.
  const own =
    attr(rate, 'Start') || attr(rate, 'End')
      ? appliedOf(rate, applied?.hotelCode ?? '', rateTag, read.errors, false, rateTag)
      : undefined;
  const amounts = list(one(rate.BaseByGuestAmts)?.BaseByGuestAmt).map((a, k) =>
    guestAmount(a, `${rateTag}/BaseByGuestAmts/BaseByGuestAmt[${k + 1}]`, read.errors, rate),
  );
  if (amounts.length === 0)
    read.errors.push(
      problem(
        EWT.required,
        ERR.requiredMissing,
        'BaseByGuestAmts/BaseByGuestAmt is required',
        `${rateTag}/BaseByGuestAmts`,
      ),
    );
  const additional = list(one(rate.AdditionalGuestAmounts)?.AdditionalGuestAmount).map((a, k) =>
    additionalAmount(
      a,
      `${rateTag}/AdditionalGuestAmounts/AdditionalGuestAmount[${k + 1}]`,
      read.errors,
      rate,
    ),
  );
  if (!applied || ((attr(rate, 'Start') || attr(rate, 'End')) && !own)) return;
  const nights = own ?? applied;
  read.updates.push({
    ...applied,
    start: nights.start,
    end: nights.end,
    weekdays: nights.weekdays,
    tag: rateTag,
    amounts: [...amounts, ...additional],
  });
}

/** `OTA_HotelRateAmountNotifRQ`: a rate plan's price per night on room types, by number of guests. */
export function readRateAmountNotif(root: Node): Read<RateUpdate> {
  const read: Read<RateUpdate> = { updates: [], errors: [], warnings: [] };
  const base = '/OTA_HotelRateAmountNotifRQ/RateAmountMessages';
  const container = one(root.RateAmountMessages);
  const hotelCode = hotelOf(container, base, read.errors);
  const messages = list(container?.RateAmountMessage);
  if (container && messages.length === 0)
    read.errors.push(
      problem(
        EWT.required,
        ERR.requiredMissing,
        'RateAmountMessage is required',
        `${base}/RateAmountMessage`,
      ),
    );
  messages.forEach((m, i) => {
    const tag = `${base}/RateAmountMessage[${i + 1}]`;
    const applied = appliedOf(one(m.StatusApplicationControl), hotelCode ?? '', tag, read.errors, false);
    if (applied && !applied.planCode)
      read.errors.push(
        problem(
          EWT.required,
          ERR.requiredMissing,
          'RatePlanCode is required',
          `${tag}/StatusApplicationControl/@RatePlanCode`,
        ),
      );
    const rates = list(one(m.Rates)?.Rate);
    if (rates.length === 0)
      read.errors.push(problem(EWT.required, ERR.requiredMissing, 'Rates/Rate is required', `${tag}/Rates`));
    rates.forEach((rate, j) => {
      rateOf(rate, `${tag}/Rates/Rate[${j + 1}]`, applied, read);
    });
  });
  return read;
}
