import { isoDate } from './ota-values.ts';

/*
 * The three OpenTravel (2015B and later) messages a channel manager sends, read from their parsed XML
 * into updates: dates, the room type and rate plan codes they apply to, and what they set. A message is
 * read whole; every element in error is named by its path (the `Tag` of an OTA Error), and a message
 * with any error is applied not at all.
 */

/** OTA Error Warning Types (EWT) and Error Codes (ERR) used here. */
export const EWT = { unknown: 1, noImplementation: 2, bizRule: 3, authentication: 4, required: 10 } as const;
export const ERR = {
  invalidDate: 15,
  invalidCurrency: 61,
  invalidEndDate: 135,
  invalidStartDate: 136,
  invalidRateCode: 249,
  invalidValue: 320,
  requiredMissing: 321,
  invalidHotelCode: 392,
  invalidRoomType: 402,
  invalidDateRange: 404,
  unableToProcess: 450,
  authorization: 497,
} as const;

export interface OtaError {
  type: number;
  code: number;
  text: string;
  /** The element or attribute in error, as a path from the message's root. */
  tag: string;
}

/** Where an update applies: a hotel, a room type (all when absent), a rate plan (all when absent). */
export interface Applied {
  hotelCode: string;
  roomCode: string | null;
  planCode: string | null;
  /** First and last night, inclusive. */
  start: string;
  end: string;
  /** ISO weekdays it applies on (1 Monday … 7 Sunday); every day when null. */
  weekdays: ReadonlySet<number> | null;
  /** The element it came from, for errors found when applying it. */
  tag: string;
}

/** What an `AvailStatusMessage` sets; fields it does not carry are absent. */
export interface AvailUpdate extends Applied {
  closed?: boolean;
  closedToArrival?: boolean;
  closedToDeparture?: boolean;
  /** Null clears it (a length of 0). */
  minStay?: number | null;
  maxStay?: number | null;
  /** Rooms left to sell (`BookingLimit`). */
  available?: number;
}

/** One `BaseByGuestAmt`: a night's price for a number of guests (any when null), as written. */
export interface GuestAmount {
  guests: number | null;
  afterTax: string | null;
  beforeTax: string | null;
  currency: string | null;
  decimalPlaces: number | null;
  tag: string;
}

export interface RateUpdate extends Applied {
  amounts: GuestAmount[];
}

/** `CountType` 1 sets the rooms for sale (the allotment), 2 the rooms still available to sell. */
export interface CountUpdate extends Applied {
  countType: 1 | 2;
  count: number;
}

export type Read<T> = { updates: T[]; errors: OtaError[]; warnings: OtaError[] };

type Node = Record<string, unknown>;

const attr = (node: Node | undefined, name: string): string | undefined => {
  const v = node?.[`@${name}`];
  return typeof v === 'string' ? v.trim() : undefined;
};
const list = (v: unknown): Node[] =>
  (Array.isArray(v) ? v : v === undefined ? [] : [v]).filter(
    (x): x is Node => typeof x === 'object' && x !== null,
  );
const one = (v: unknown): Node | undefined => list(v)[0];

const WEEKDAYS = [
  ['Mon', 1],
  ['Tue', 2],
  ['Weds', 3],
  ['Thur', 4],
  ['Fri', 5],
  ['Sat', 6],
  ['Sun', 7],
] as const;

/** The longest range one element may cover. */
export const MAX_RANGE_NIGHTS = 750;

const truthy = (v: string | undefined) => v === '1' || v?.toLowerCase() === 'true';
const flag = (v: string | undefined) =>
  v !== undefined && (v === '0' || v === '1' || /^(true|false)$/i.test(v));

/** A whole number in range, or undefined. */
function whole(text: string | undefined, min: number, max: number): number | undefined {
  if (text === undefined || !/^\d{1,6}$/.test(text)) return undefined;
  const n = Number(text);
  return n >= min && n <= max ? n : undefined;
}

/**
 * Where a `StatusApplicationControl` applies, or its errors. `hotelCode` is the container's.
 */
function appliedOf(
  control: Node | undefined,
  hotelCode: string,
  tag: string,
  errors: OtaError[],
  needsRoom: boolean,
): Applied | undefined {
  const at = `${tag}/StatusApplicationControl`;
  if (!control) {
    errors.push({
      type: EWT.required,
      code: ERR.requiredMissing,
      text: 'StatusApplicationControl is required',
      tag: at,
    });
    return undefined;
  }
  const startText = attr(control, 'Start');
  const endText = attr(control, 'End');
  const start = isoDate(startText);
  const end = isoDate(endText);
  const before = errors.length;
  if (!start)
    errors.push({
      type: EWT.bizRule,
      code: ERR.invalidStartDate,
      text: `Start must be a date (YYYY-MM-DD), got ${JSON.stringify(startText ?? '')}`,
      tag: `${at}/@Start`,
    });
  if (!end)
    errors.push({
      type: EWT.bizRule,
      code: ERR.invalidEndDate,
      text: `End must be a date (YYYY-MM-DD), got ${JSON.stringify(endText ?? '')}`,
      tag: `${at}/@End`,
    });
  if (start && end && (end < start || nightsBetween(start, end) > MAX_RANGE_NIGHTS))
    errors.push({
      type: EWT.bizRule,
      code: ERR.invalidDateRange,
      text: `End must be on or after Start, at most ${MAX_RANGE_NIGHTS} nights later`,
      tag: `${at}/@End`,
    });
  const roomCode = attr(control, 'InvTypeCode') || null;
  if (needsRoom && !roomCode)
    errors.push({
      type: EWT.required,
      code: ERR.requiredMissing,
      text: 'InvTypeCode is required',
      tag: `${at}/@InvTypeCode`,
    });
  const planCode = attr(control, 'RatePlanCode') || null;
  const flags = WEEKDAYS.filter(([name]) => attr(control, name) !== undefined);
  for (const [name] of flags)
    if (!flag(attr(control, name)))
      errors.push({
        type: EWT.bizRule,
        code: ERR.invalidValue,
        text: `${name} must be true, false, 1 or 0`,
        tag: `${at}/@${name}`,
      });
  if (errors.length > before || !start || !end) return undefined;
  const weekdays =
    flags.length === 0
      ? null
      : new Set(flags.filter(([name]) => truthy(attr(control, name))).map(([, d]) => d));
  return { hotelCode, roomCode, planCode, start, end, weekdays, tag };
}

function nightsBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** The hotel code of a message's container (`AvailStatusMessages`, …), or an error. */
function hotelOf(container: Node | undefined, tag: string, errors: OtaError[]): string | undefined {
  const code = attr(container, 'HotelCode');
  if (!container) {
    errors.push({
      type: EWT.required,
      code: ERR.requiredMissing,
      text: `${tag.split('/').pop()} is required`,
      tag,
    });
    return undefined;
  }
  if (!code) {
    errors.push({
      type: EWT.required,
      code: ERR.requiredMissing,
      text: 'HotelCode is required',
      tag: `${tag}/@HotelCode`,
    });
    return undefined;
  }
  return code;
}

/** `OTA_HotelAvailNotifRQ`: restrictions (closed, closed to arrival or departure, stay lengths) and booking limits. */
export function readAvailNotif(root: Node): Read<AvailUpdate> {
  const errors: OtaError[] = [];
  const warnings: OtaError[] = [];
  const updates: AvailUpdate[] = [];
  const base = '/OTA_HotelAvailNotifRQ/AvailStatusMessages';
  const container = one(root.AvailStatusMessages);
  const hotelCode = hotelOf(container, base, errors);
  const messages = list(container?.AvailStatusMessage);
  if (container && messages.length === 0)
    errors.push({
      type: EWT.required,
      code: ERR.requiredMissing,
      text: 'AvailStatusMessage is required',
      tag: `${base}/AvailStatusMessage`,
    });
  messages.forEach((m, i) => {
    const tag = `${base}/AvailStatusMessage[${i + 1}]`;
    const applied = appliedOf(one(m.StatusApplicationControl), hotelCode ?? '', tag, errors, false);
    const update: AvailUpdate | undefined = applied && { ...applied };
    const limit = attr(m, 'BookingLimit');
    if (limit !== undefined) {
      const n = whole(limit, 0, 9999);
      if (n === undefined)
        errors.push({
          type: EWT.bizRule,
          code: ERR.invalidValue,
          text: 'BookingLimit must be a whole number from 0',
          tag: `${tag}/@BookingLimit`,
        });
      else if (update) {
        if (!update.roomCode)
          errors.push({
            type: EWT.required,
            code: ERR.requiredMissing,
            text: 'InvTypeCode is required with BookingLimit',
            tag: `${tag}/StatusApplicationControl/@InvTypeCode`,
          });
        update.available = n;
      }
    }
    list(m.LengthsOfStay && one(m.LengthsOfStay)?.LengthOfStay).forEach((los, j) => {
      const at = `${tag}/LengthsOfStay/LengthOfStay[${j + 1}]`;
      const kind = attr(los, 'MinMaxMessageType');
      const time = whole(attr(los, 'Time'), 0, 999);
      const unit = attr(los, 'TimeUnit') ?? 'Day';
      if (kind !== 'SetMinLOS' && kind !== 'SetMaxLOS')
        errors.push({
          type: EWT.noImplementation,
          code: ERR.invalidValue,
          text: `MinMaxMessageType ${JSON.stringify(kind ?? '')} is not supported: SetMinLOS or SetMaxLOS (stays by arrival day)`,
          tag: `${at}/@MinMaxMessageType`,
        });
      else if (time === undefined)
        errors.push({
          type: EWT.bizRule,
          code: ERR.invalidValue,
          text: 'Time must be a whole number of days',
          tag: `${at}/@Time`,
        });
      else if (unit !== 'Day')
        errors.push({
          type: EWT.noImplementation,
          code: ERR.invalidValue,
          text: 'TimeUnit must be Day',
          tag: `${at}/@TimeUnit`,
        });
      else if (update) {
        const value = time === 0 ? null : time;
        if (kind === 'SetMinLOS') update.minStay = value;
        else update.maxStay = value;
      }
    });
    const status = one(m.RestrictionStatus);
    if (status) {
      const at = `${tag}/RestrictionStatus`;
      const open = attr(status, 'Status');
      const restriction = attr(status, 'Restriction') ?? 'Master';
      if (open !== 'Open' && open !== 'Close')
        errors.push({
          type: EWT.bizRule,
          code: ERR.invalidValue,
          text: 'Status must be Open or Close',
          tag: `${at}/@Status`,
        });
      else if (!['Master', 'Arrival', 'Departure'].includes(restriction))
        errors.push({
          type: EWT.noImplementation,
          code: ERR.invalidValue,
          text: 'Restriction must be Master, Arrival or Departure',
          tag: `${at}/@Restriction`,
        });
      else if (update) {
        const closed = open === 'Close';
        if (restriction === 'Master') update.closed = closed;
        else if (restriction === 'Arrival') update.closedToArrival = closed;
        else update.closedToDeparture = closed;
      }
    }
    if (update && applied && Object.keys(update).length === Object.keys(applied).length)
      warnings.push({
        type: EWT.bizRule,
        code: ERR.requiredMissing,
        text: 'The message sets nothing (no BookingLimit, LengthsOfStay or RestrictionStatus)',
        tag,
      });
    if (update) updates.push(update);
  });
  return { updates, errors, warnings };
}

/** `OTA_HotelRateAmountNotifRQ`: a rate plan's price per night on room types, by number of guests. */
export function readRateAmountNotif(root: Node): Read<RateUpdate> {
  const errors: OtaError[] = [];
  const warnings: OtaError[] = [];
  const updates: RateUpdate[] = [];
  const base = '/OTA_HotelRateAmountNotifRQ/RateAmountMessages';
  const container = one(root.RateAmountMessages);
  const hotelCode = hotelOf(container, base, errors);
  const messages = list(container?.RateAmountMessage);
  if (container && messages.length === 0)
    errors.push({
      type: EWT.required,
      code: ERR.requiredMissing,
      text: 'RateAmountMessage is required',
      tag: `${base}/RateAmountMessage`,
    });
  messages.forEach((m, i) => {
    const tag = `${base}/RateAmountMessage[${i + 1}]`;
    const control = one(m.StatusApplicationControl);
    const applied = appliedOf(control, hotelCode ?? '', tag, errors, false);
    if (applied && !applied.planCode)
      errors.push({
        type: EWT.required,
        code: ERR.requiredMissing,
        text: 'RatePlanCode is required',
        tag: `${tag}/StatusApplicationControl/@RatePlanCode`,
      });
    const rates = list(one(m.Rates)?.Rate);
    if (rates.length === 0)
      errors.push({
        type: EWT.required,
        code: ERR.requiredMissing,
        text: 'Rates/Rate is required',
        tag: `${tag}/Rates`,
      });
    rates.forEach((rate, j) => {
      const rateTag = `${tag}/Rates/Rate[${j + 1}]`;
      // A Rate may narrow the message's dates with its own Start and End.
      const own =
        attr(rate, 'Start') || attr(rate, 'End')
          ? appliedOf(rate, hotelCode ?? '', rateTag, errors, false)
          : undefined;
      const amounts = list(one(rate.BaseByGuestAmts)?.BaseByGuestAmt).map((a, k): GuestAmount => {
        const at = `${rateTag}/BaseByGuestAmts/BaseByGuestAmt[${k + 1}]`;
        const guests = attr(a, 'NumberOfGuests');
        const places = attr(a, 'DecimalPlaces');
        const amount: GuestAmount = {
          guests: guests === undefined ? null : (whole(guests, 1, 99) ?? Number.NaN),
          afterTax: attr(a, 'AmountAfterTax') ?? null,
          beforeTax: attr(a, 'AmountBeforeTax') ?? null,
          currency: attr(a, 'CurrencyCode') ?? null,
          decimalPlaces: places === undefined ? null : (whole(places, 0, 4) ?? Number.NaN),
          tag: at,
        };
        if (Number.isNaN(amount.guests))
          errors.push({
            type: EWT.bizRule,
            code: ERR.invalidValue,
            text: 'NumberOfGuests must be a whole number from 1',
            tag: `${at}/@NumberOfGuests`,
          });
        if (Number.isNaN(amount.decimalPlaces))
          errors.push({
            type: EWT.bizRule,
            code: ERR.invalidValue,
            text: 'DecimalPlaces must be 0 to 4',
            tag: `${at}/@DecimalPlaces`,
          });
        if (amount.afterTax === null && amount.beforeTax === null)
          errors.push({
            type: EWT.required,
            code: ERR.requiredMissing,
            text: 'AmountAfterTax or AmountBeforeTax is required',
            tag: `${at}/@AmountAfterTax`,
          });
        return amount;
      });
      if (amounts.length === 0)
        errors.push({
          type: EWT.required,
          code: ERR.requiredMissing,
          text: 'BaseByGuestAmts/BaseByGuestAmt is required',
          tag: `${rateTag}/BaseByGuestAmts`,
        });
      if (one(rate.AdditionalGuestAmounts))
        warnings.push({
          type: EWT.bizRule,
          code: ERR.unableToProcess,
          text: "AdditionalGuestAmounts are not applied: extra adults and children are priced by the rate plan's rules on top of the base price",
          tag: `${rateTag}/AdditionalGuestAmounts`,
        });
      const at = own ?? applied;
      if (at && applied)
        updates.push({
          ...applied,
          start: at.start,
          end: at.end,
          weekdays: own ? own.weekdays : applied.weekdays,
          tag: rateTag,
          amounts,
        });
    });
  });
  return { updates, errors, warnings };
}

/** `OTA_HotelInvCountNotifRQ`: rooms for sale (CountType 1) or still available (CountType 2) per room type. */
export function readInvCountNotif(root: Node): Read<CountUpdate> {
  const errors: OtaError[] = [];
  const updates: CountUpdate[] = [];
  const base = '/OTA_HotelInvCountNotifRQ/Inventories';
  const container = one(root.Inventories);
  const hotelCode = hotelOf(container, base, errors);
  const inventories = list(container?.Inventory);
  if (container && inventories.length === 0)
    errors.push({
      type: EWT.required,
      code: ERR.requiredMissing,
      text: 'Inventory is required',
      tag: `${base}/Inventory`,
    });
  inventories.forEach((inv, i) => {
    const tag = `${base}/Inventory[${i + 1}]`;
    const applied = appliedOf(one(inv.StatusApplicationControl), hotelCode ?? '', tag, errors, true);
    const counts = list(one(inv.InvCounts)?.InvCount);
    if (counts.length !== 1)
      errors.push({
        type: EWT.required,
        code: ERR.requiredMissing,
        text: 'InvCounts must hold one InvCount',
        tag: `${tag}/InvCounts`,
      });
    const c = counts[0];
    if (!c) return;
    const at = `${tag}/InvCounts/InvCount`;
    const countType = attr(c, 'CountType') ?? '2';
    const count = whole(attr(c, 'Count'), 0, 9999);
    if (countType !== '1' && countType !== '2')
      errors.push({
        type: EWT.noImplementation,
        code: ERR.invalidValue,
        text: 'CountType must be 1 (rooms for sale) or 2 (rooms available)',
        tag: `${at}/@CountType`,
      });
    else if (count === undefined)
      errors.push({
        type: EWT.bizRule,
        code: ERR.invalidValue,
        text: 'Count must be a whole number from 0',
        tag: `${at}/@Count`,
      });
    else if (applied) updates.push({ ...applied, countType: countType === '1' ? 1 : 2, count });
  });
  return { updates, errors, warnings: [] };
}
