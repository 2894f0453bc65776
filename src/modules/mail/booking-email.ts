import { createEvents, type EventAttributes } from 'ics';
import {
  type Language,
  LOCALES,
  MESSAGES,
  type MessageKey,
  type Translate,
  translator,
} from '../../shared/messages/catalogue.ts';
import { formatMoney } from '../money/index.ts';

/** A booking's status in the reader's words (its code for one the catalogue has no words for). */
function statusWord(t: Translate, status: string): string {
  const key = `status.${status}`;
  return key in MESSAGES.en ? t(key as MessageKey) : status;
}

/** The e-mail an event calls for, rendered; undefined when the event calls for none. */
export interface RenderedEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The traveller's language, which the documents attached are written in too. */
  language: Language;
  /** An iCalendar file of the flights or the stay, when there is something to put in a calendar. */
  ics: string | undefined;
}

interface EventLike {
  id: string;
  type: string;
  data: { object: unknown };
}

type Segment = {
  flight_number: string;
  origin: string;
  destination: string;
  departing_at: string;
  arriving_at: string;
};
type FlightBooking = {
  reference: string;
  status: string;
  contact: { email: string; language?: Language };
  slices: Array<{ origin: string; destination: string; segments: Segment[] }>;
  passengers: Array<{ id: string; given_name: string; family_name: string; ticket_number: string | null }>;
  services: Array<
    | { type: 'seat'; passenger_id: string; slice: number; segment: number; designator: string }
    | { type: 'checked_bag'; passenger_id: string; slice: number; quantity: number }
  >;
  price: { total_amount: number; total_currency: string };
  hold_expires_at: string | null;
  refund_amount: number | null;
};
type HotelBooking = {
  reference: string;
  status: string;
  hold_expires_at?: string | null;
  payment?: { amount: number } | null;
  guarantee?: { card: { brand: string; last4: string } } | null;
  holder: { email: string; given_name: string; family_name: string; language?: Language };
  hotel: { name: string; address?: string; check_in_time?: string; check_out_time?: string };
  check_in: string;
  check_out: string;
  nights: number;
  rooms: Array<{
    status: string;
    room_type: { name: string };
    board: string;
    guests: Array<{ given_name: string; family_name: string }>;
    payable_at_hotel_amount: number;
    cancellation: { free_cancellation_until: string | null };
  }>;
  total_amount: number;
  currency: string;
};

/** The events mailed to the traveller; the headline of each is `mail.<type>` in the catalogue. */
const MAILED = new Set([
  'flight_booking.created',
  'flight_booking.confirmed',
  'flight_booking.updated',
  'flight_booking.cancelled',
  'flight_booking.expired',
  'flight_booking.services_added',
  'flight_booking.changed',
  'flight_booking.partially_cancelled',
  'flight_booking.schedule_changed',
  'flight_booking.schedule_change_accepted',
  'flight_booking.disrupted',
  'hotel_booking.created',
  'hotel_booking.confirmed',
  'hotel_booking.expired',
  'hotel_booking.guarantee_charged',
  'hotel_booking.modified',
  'hotel_booking.room_cancelled',
  'hotel_booking.cancelled',
]);

/** Whether an event of this type is mailed to the traveller. */
export function isMailed(type: string): boolean {
  return MAILED.has(type);
}

const headlineOf = (t: Translate, type: string) => t(`mail.${type}` as MessageKey);

const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

function html(language: Language, title: string, lines: string[]): string {
  return `<!doctype html><html lang="${language}"><body style="font-family:sans-serif"><h1 style="font-size:1.2em">${escapeHtml(title)}</h1>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}</body></html>`;
}

function calendar(events: EventAttributes[]): string | undefined {
  if (events.length === 0) return undefined;
  const { error, value } = createEvents(events);
  if (error || !value) throw error ?? new Error('no calendar');
  return value;
}

/** `2026-12-01T14:00:00+01:00` as `2026-12-01 14:00`. */
const localTime = (iso: string) => iso.slice(0, 16).replace('T', ' ');

/** Each passenger's line: name, e-ticket, seats and extra bags. */
function passengerLines(t: Translate, b: FlightBooking): string[] {
  const segments = b.slices.map((s) => s.segments);
  return b.passengers.map((p) => {
    const parts = [`${p.given_name} ${p.family_name}`];
    if (p.ticket_number) parts.push(t('mail.ticket', { ticket: p.ticket_number }));
    for (const s of b.services.filter((x) => x.passenger_id === p.id)) {
      if (s.type === 'seat')
        parts.push(
          t('mail.seat', { seat: s.designator, flight: segments[s.slice]?.[s.segment]?.flight_number ?? '' }),
        );
      else {
        const slice = b.slices[s.slice];
        parts.push(
          t('mail.bags', {
            count: s.quantity,
            origin: slice?.origin ?? '',
            destination: slice?.destination ?? '',
          }),
        );
      }
    }
    return parts.join(', ');
  });
}

function flightEmail(event: EventLike, b: FlightBooking): RenderedEmail {
  const language = b.contact.language ?? 'en';
  const t = translator(language);
  const money = (amount: number) => formatMoney(amount, b.price.total_currency, LOCALES[language]);
  const headline = t('mail.flight.subject', { reference: b.reference, headline: headlineOf(t, event.type) });
  const segments = b.slices.flatMap((s) => s.segments);
  const lines = [
    ...segments.map((g) =>
      t('mail.segment', {
        flight: g.flight_number,
        origin: g.origin,
        destination: g.destination,
        departs: localTime(g.departing_at),
        arrives: localTime(g.arriving_at),
      }),
    ),
    `${t('mail.passengers')}:`,
    ...passengerLines(t, b),
    t('mail.total', { amount: money(b.price.total_amount) }),
    ...(b.status === 'held' && b.hold_expires_at
      ? [t('mail.heldUntil', { deadline: b.hold_expires_at })]
      : []),
    ...(b.refund_amount !== null ? [t('mail.refund', { amount: money(b.refund_amount) })] : []),
    t('mail.status', { status: statusWord(t, b.status) }),
  ];
  const live = b.status === 'held' || b.status === 'confirmed';
  return {
    to: b.contact.email,
    subject: headline,
    text: `${headline}\n\n${lines.join('\n')}\n`,
    html: html(language, headline, lines),
    language,
    ics: live
      ? calendar(
          segments.map((g) => ({
            uid: `${b.reference}-${g.flight_number}-${g.departing_at.slice(0, 10)}@itinera`,
            title: `${g.flight_number} ${g.origin} → ${g.destination}`,
            description: `Booking ${b.reference}`,
            location: g.origin,
            start: Date.parse(g.departing_at),
            startInputType: 'utc',
            startOutputType: 'utc',
            end: Date.parse(g.arriving_at),
            endInputType: 'utc',
            endOutputType: 'utc',
            status: b.status === 'confirmed' ? 'CONFIRMED' : 'TENTATIVE',
          })),
        )
      : undefined,
  };
}

const dateArray = (d: string): [number, number, number] => {
  const [y, m, day] = d.split('-').map(Number) as [number, number, number];
  return [y, m, day];
};

function hotelEmail(event: EventLike, b: HotelBooking): RenderedEmail {
  const language = b.holder.language ?? 'en';
  const t = translator(language);
  const money = (amount: number) => formatMoney(amount, b.currency, LOCALES[language]);
  const held = b.status === 'held' && b.hold_expires_at;
  const headline = t('mail.hotel.subject', {
    reference: b.reference,
    hotel: b.hotel.name,
    headline: headlineOf(
      t,
      event.type === 'hotel_booking.created' && held ? 'hotel_booking.held' : event.type,
    ),
  });
  const live = b.rooms.filter((r) => r.status === 'confirmed' || r.status === 'held');
  const lines = [
    t('mail.stay', {
      checkIn: b.check_in,
      checkOut: b.check_out,
      nights: b.nights,
      time: b.hotel.check_in_time ?? '',
    }),
    ...(b.hotel.address ? [b.hotel.address] : []),
    ...live.flatMap((r) => [
      t('mail.room', {
        room: r.room_type.name,
        board: r.board,
        guests: r.guests.map((g) => `${g.given_name} ${g.family_name}`).join(', '),
      }),
      r.cancellation.free_cancellation_until
        ? t('mail.freeCancellation', { deadline: localTime(r.cancellation.free_cancellation_until) })
        : t('mail.nonRefundable'),
      ...(r.payable_at_hotel_amount > 0
        ? [t('mail.payAtHotel', { amount: money(r.payable_at_hotel_amount) })]
        : []),
    ]),
    t('mail.total', { amount: money(b.total_amount) }),
    ...(held ? [t('mail.hotel.heldUntil', { deadline: `${localTime(held)} UTC` })] : []),
    ...(event.type === 'hotel_booking.guarantee_charged' && b.payment && b.guarantee
      ? [
          t('mail.hotel.charged', {
            amount: money(b.payment.amount),
            card: `${b.guarantee.card.brand} ••${b.guarantee.card.last4}`,
          }),
        ]
      : []),
    t('mail.status', { status: statusWord(t, b.status) }),
  ];
  const dear = t('mail.dear', { name: `${b.holder.given_name} ${b.holder.family_name}` });
  return {
    to: b.holder.email,
    subject: headline,
    text: `${dear}\n\n${headline}\n\n${lines.join('\n')}\n`,
    html: html(language, headline, [dear, ...lines]),
    language,
    ics:
      live.length > 0
        ? calendar([
            {
              uid: `${b.reference}@itinera`,
              title: `${b.hotel.name}`,
              description: `Booking ${b.reference}`,
              ...(b.hotel.address ? { location: b.hotel.address } : {}),
              start: dateArray(b.check_in),
              end: dateArray(b.check_out),
              status: held ? 'TENTATIVE' : 'CONFIRMED',
            },
          ])
        : undefined,
  };
}

/** The traveller's e-mail for a booking event: to the booking's contact (flights) or holder (hotels). */
export function renderBookingEmail(event: EventLike): RenderedEmail | undefined {
  if (!isMailed(event.type)) return undefined;
  const object = event.data.object as FlightBooking & HotelBooking;
  return event.type.startsWith('flight_booking.') ? flightEmail(event, object) : hotelEmail(event, object);
}
