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

type Sets = Omit<AvailUpdate, keyof Applied>;

/** `BookingLimit`: rooms still to sell, of one room type. */
function bookingLimit(m: Node, tag: string, applied: Applied | undefined, errors: OtaError[]): Sets {
  const limit = attr(m, 'BookingLimit');
  if (limit === undefined) return {};
  const n = whole(limit, 0, 9999);
  if (n === undefined) {
    errors.push(
      problem(
        EWT.bizRule,
        ERR.invalidValue,
        'BookingLimit must be a whole number from 0',
        `${tag}/@BookingLimit`,
      ),
    );
    return {};
  }
  if (applied && !applied.roomCode)
    errors.push(
      problem(
        EWT.required,
        ERR.requiredMissing,
        'InvTypeCode is required with BookingLimit',
        `${tag}/StatusApplicationControl/@InvTypeCode`,
      ),
    );
  return { available: n };
}

/** `LengthsOfStay`: least and most nights of stays arriving on the nights (0 clears). */
function lengthsOfStay(m: Node, tag: string, errors: OtaError[]): Sets {
  const sets: Sets = {};
  list(one(m.LengthsOfStay)?.LengthOfStay).forEach((los, j) => {
    const at = `${tag}/LengthsOfStay/LengthOfStay[${j + 1}]`;
    const kind = attr(los, 'MinMaxMessageType');
    const time = whole(attr(los, 'Time'), 0, 999);
    if (kind !== 'SetMinLOS' && kind !== 'SetMaxLOS')
      errors.push(
        problem(
          EWT.noImplementation,
          ERR.invalidValue,
          `MinMaxMessageType ${JSON.stringify(kind ?? '')} is not supported: SetMinLOS or SetMaxLOS (stays by arrival day)`,
          `${at}/@MinMaxMessageType`,
        ),
      );
    else if (time === undefined)
      errors.push(
        problem(EWT.bizRule, ERR.invalidValue, 'Time must be a whole number of days', `${at}/@Time`),
      );
    else if ((attr(los, 'TimeUnit') ?? 'Day') !== 'Day')
      errors.push(problem(EWT.noImplementation, ERR.invalidValue, 'TimeUnit must be Day', `${at}/@TimeUnit`));
    else if (kind === 'SetMinLOS') sets.minStay = time === 0 ? null : time;
    else sets.maxStay = time === 0 ? null : time;
  });
  return sets;
}

/** `RestrictionStatus`: the nights closed or open, for any stay (Master), arrival or departure. */
function restrictionStatus(m: Node, tag: string, errors: OtaError[]): Sets {
  const status = one(m.RestrictionStatus);
  if (!status) return {};
  const at = `${tag}/RestrictionStatus`;
  const open = attr(status, 'Status');
  const restriction = attr(status, 'Restriction') ?? 'Master';
  if (open !== 'Open' && open !== 'Close') {
    errors.push(problem(EWT.bizRule, ERR.invalidValue, 'Status must be Open or Close', `${at}/@Status`));
    return {};
  }
  const closed = open === 'Close';
  if (restriction === 'Master') return { closed };
  if (restriction === 'Arrival') return { closedToArrival: closed };
  if (restriction === 'Departure') return { closedToDeparture: closed };
  errors.push(
    problem(
      EWT.noImplementation,
      ERR.invalidValue,
      'Restriction must be Master, Arrival or Departure',
      `${at}/@Restriction`,
    ),
  );
  return {};
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
    errors.push(
      problem(
        EWT.required,
        ERR.requiredMissing,
        'AvailStatusMessage is required',
        `${base}/AvailStatusMessage`,
      ),
    );
  messages.forEach((m, i) => {
    const tag = `${base}/AvailStatusMessage[${i + 1}]`;
    const applied = appliedOf(one(m.StatusApplicationControl), hotelCode ?? '', tag, errors, false);
    const sets = {
      ...bookingLimit(m, tag, applied, errors),
      ...lengthsOfStay(m, tag, errors),
      ...restrictionStatus(m, tag, errors),
    };
    if (!applied) return;
    if (Object.keys(sets).length === 0)
      warnings.push(
        problem(
          EWT.bizRule,
          ERR.requiredMissing,
          'The message sets nothing (no BookingLimit, LengthsOfStay or RestrictionStatus)',
          tag,
        ),
      );
    updates.push({ ...applied, ...sets });
  });
  return { updates, errors, warnings };
}
