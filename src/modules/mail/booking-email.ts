import { createEvents, type EventAttributes } from 'ics';
import { exponentOf } from '../money/index.ts';

/** The e-mail an event calls for, rendered; undefined when the event calls for none. */
export interface RenderedEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
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
  contact: { email: string };
  slices: Array<{ origin: string; destination: string; segments: Segment[] }>;
  passengers: Array<{ given_name: string; family_name: string }>;
  price: { total_amount: number; total_currency: string };
  hold_expires_at: string | null;
  refund_amount: number | null;
};
type HotelBooking = {
  reference: string;
  status: string;
  holder: { email: string; given_name: string; family_name: string };
  hotel: { name: string; address?: string; check_in_time?: string; check_out_time?: string };
  check_in: string;
  check_out: string;
  nights: number;
  rooms: Array<{ status: string; room_type: { name: string } }>;
  total_amount: number;
  currency: string;
};

/** What each booking event says to the traveller, in the subject's words. */
const HEADLINES: Record<string, string> = {
  'flight_booking.created': 'is booked',
  'flight_booking.confirmed': 'is confirmed and ticketed',
  'flight_booking.updated': 'was changed',
  'flight_booking.cancelled': 'is cancelled',
  'flight_booking.expired': 'has expired unpaid',
  'flight_booking.services_added': 'has new seats or bags',
  'flight_booking.changed': 'has new flights',
  'flight_booking.partially_cancelled': 'was partly cancelled',
  'flight_booking.schedule_changed': 'has a flight at a new time',
  'flight_booking.schedule_change_accepted': 'keeps its flights at their new times',
  'flight_booking.disrupted': 'is disrupted: a flight was cancelled',
  'hotel_booking.created': 'is confirmed',
  'hotel_booking.modified': 'was changed',
  'hotel_booking.room_cancelled': 'has a room cancelled',
  'hotel_booking.cancelled': 'is cancelled',
};

/** Whether an event of this type is mailed to the traveller. */
export function isMailed(type: string): boolean {
  return type in HEADLINES;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

function html(title: string, lines: string[]): string {
  return `<!doctype html><html><body style="font-family:sans-serif"><h1 style="font-size:1.2em">${escapeHtml(title)}</h1>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}</body></html>`;
}

function calendar(events: EventAttributes[]): string | undefined {
  if (events.length === 0) return undefined;
  const { error, value } = createEvents(events);
  if (error || !value) throw error ?? new Error('no calendar');
  return value;
}

/** An amount as people read it: 1234 EUR cents as "12.34 EUR", 165000 KRW as "165000 KRW". */
const money = (minor: number, currency: string) => {
  const digits = exponentOf(currency);
  return `${(minor / 10 ** digits).toFixed(digits)} ${currency}`;
};

function flightEmail(event: EventLike, b: FlightBooking): RenderedEmail {
  const headline = `Your flight booking ${b.reference} ${HEADLINES[event.type]}`;
  const segments = b.slices.flatMap((s) => s.segments);
  const lines = [
    ...segments.map(
      (g) =>
        `${g.flight_number} ${g.origin} → ${g.destination}: departs ${g.departing_at}, arrives ${g.arriving_at} (local times)`,
    ),
    `Passengers: ${b.passengers.map((p) => `${p.given_name} ${p.family_name}`).join(', ')}`,
    `Total: ${money(b.price.total_amount, b.price.total_currency)}`,
    ...(b.status === 'held' && b.hold_expires_at
      ? [`Held until ${b.hold_expires_at}: confirm before then.`]
      : []),
    ...(b.refund_amount !== null ? [`Refund: ${money(b.refund_amount, b.price.total_currency)}`] : []),
    `Status: ${b.status}`,
  ];
  const live = b.status === 'held' || b.status === 'confirmed';
  return {
    to: b.contact.email,
    subject: headline,
    text: `${headline}\n\n${lines.join('\n')}\n`,
    html: html(headline, lines),
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
  const headline = `Your stay ${b.reference} at ${b.hotel.name} ${HEADLINES[event.type]}`;
  const live = b.rooms.filter((r) => r.status === 'confirmed');
  const lines = [
    `${b.check_in} to ${b.check_out}, ${b.nights} night(s)${b.hotel.check_in_time ? `, check-in from ${b.hotel.check_in_time}` : ''}`,
    ...(b.hotel.address ? [b.hotel.address] : []),
    `Rooms: ${live.map((r) => r.room_type.name).join(', ') || 'none'}`,
    `Total: ${money(b.total_amount, b.currency)}`,
    `Status: ${b.status}`,
  ];
  return {
    to: b.holder.email,
    subject: headline,
    text: `Dear ${b.holder.given_name} ${b.holder.family_name},\n\n${headline}\n\n${lines.join('\n')}\n`,
    html: html(headline, lines),
    ics:
      live.length > 0
        ? calendar([
            {
              uid: `${b.reference}@itinera`,
              title: `Stay at ${b.hotel.name}`,
              description: `Booking ${b.reference}`,
              ...(b.hotel.address ? { location: b.hotel.address } : {}),
              start: dateArray(b.check_in),
              end: dateArray(b.check_out),
              status: 'CONFIRMED',
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
