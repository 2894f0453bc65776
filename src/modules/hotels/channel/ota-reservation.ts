import { addDays } from '../../../shared/calendar.ts';
import { formatMinor } from '../../money/index.ts';
import { rootAttributes, writeXml } from './ota-xml.ts';

/** What a reservation message says happened: a new booking, a change, a cancellation. */
export type ResAction = 'Commit' | 'Modify' | 'Cancel';

/** The booking as a reservation message reads it (the HotelBooking resource, as its event carried it). */
export interface BookingForChannel {
  id: string;
  reference: string;
  status: string;
  created_at: string;
  updated_at: string;
  hotel: { code: string };
  check_in: string;
  check_out: string;
  holder: { given_name: string; family_name: string; email: string; phone: string };
  special_requests: string | null;
  rooms: Array<{
    id: string;
    status: string;
    room_type: { code: string };
    rate_plan: { code: string };
    adults: number;
    child_ages: number[];
    guests: Array<{ given_name: string; family_name: string; age: number | null }>;
    special_requests: string | null;
    nightly: Array<{ date: string; amount: number }>;
    total_amount: number;
    currency: string;
  }>;
  total_amount: number;
  currency: string;
  payment_type: string;
  pricing?: { markup_amount: number } | undefined;
}

/** The action a booking event calls for with the group's channel manager, if any (a hold is not yet a sale). */
export function actionOf(eventType: string, booking: { status: string }): ResAction | null {
  switch (eventType) {
    case 'hotel_booking.created':
      return booking.status === 'confirmed' ? 'Commit' : null;
    case 'hotel_booking.confirmed':
      return 'Commit';
    case 'hotel_booking.modified':
    case 'hotel_booking.room_cancelled':
      return 'Modify';
    case 'hotel_booking.cancelled':
      return 'Cancel';
    default:
      return null;
  }
}

const money = (amount: number, currency: string) => ({
  '@AmountAfterTax': formatMinor(amount, currency),
  '@CurrencyCode': currency,
});

/**
 * `OTA_HotelResNotifRQ` (OpenTravel 2015B) for a booking: one RoomStay per room (cancelled rooms marked
 * so), each with its room type and rate plan codes, guests by age, nightly rates and total (VAT
 * included, what the guest pays), the guests' names, and the booking's reference as the reservation's
 * id. When the sale carried a markup, `ResGlobalInfo/Commission` says how much of the total is the
 * seller's: the hotel's share is the rest.
 */
export function reservationMessage(
  booking: BookingForChannel,
  action: ResAction,
  messageId: string,
  at: Date,
): string {
  let rph = 0;
  const guests: Array<{ rph: number; given: string; family: string; age: number | null }> = [];
  const roomStays = booking.rooms.map((room) => {
    const rphs = room.guests.map((g) => {
      rph += 1;
      guests.push({ rph, given: g.given_name, family: g.family_name, age: g.age });
      return { '@RPH': String(rph) };
    });
    const children = room.child_ages.map((age) => ({
      '@AgeQualifyingCode': '8',
      '@Age': String(age),
      '@Count': '1',
    }));
    return {
      ...(room.status === 'cancelled' ? { '@RoomStayStatus': 'Cancelled' } : {}),
      RoomTypes: { RoomType: { '@RoomTypeCode': room.room_type.code } },
      RatePlans: { RatePlan: { '@RatePlanCode': room.rate_plan.code } },
      RoomRates: {
        RoomRate: {
          '@RoomTypeCode': room.room_type.code,
          '@RatePlanCode': room.rate_plan.code,
          '@NumberOfUnits': '1',
          Rates: {
            Rate: room.nightly.map((n) => ({
              '@EffectiveDate': n.date,
              '@ExpireDate': addDays(n.date, 1),
              '@RateTimeUnit': 'Day',
              '@UnitMultiplier': '1',
              Base: money(n.amount, room.currency),
            })),
          },
        },
      },
      GuestCounts: {
        GuestCount: [{ '@AgeQualifyingCode': '10', '@Count': String(room.adults) }, ...children],
      },
      TimeSpan: { '@Start': booking.check_in, '@End': booking.check_out },
      Total: money(room.total_amount, room.currency),
      BasicPropertyInfo: { '@HotelCode': booking.hotel.code },
      ResGuestRPHs: { ResGuestRPH: rphs },
      ...(room.special_requests
        ? { SpecialRequests: { SpecialRequest: { Text: room.special_requests } } }
        : {}),
    };
  });
  const holder = booking.holder;
  const resGuests = guests.map((g, i) => ({
    '@ResGuestRPH': String(g.rph),
    ...(g.age !== null
      ? { '@AgeQualifyingCode': '8', '@Age': String(g.age) }
      : { '@AgeQualifyingCode': '10' }),
    Profiles: {
      ProfileInfo: {
        Profile: {
          '@ProfileType': '1',
          Customer: {
            PersonName: { GivenName: g.given, Surname: g.family },
            // The holder is the one to reach: with the first guest.
            ...(i === 0 ? { Telephone: { '@PhoneNumber': holder.phone }, Email: holder.email } : {}),
          },
        },
      },
    },
  }));
  const status = action === 'Commit' ? 'Book' : action;
  return writeXml('OTA_HotelResNotifRQ', {
    ...rootAttributes(messageId, at),
    '@ResStatus': action,
    POS: { Source: { RequestorID: { '@Type': '22', '@ID': 'ITINERA' } } },
    HotelReservations: {
      HotelReservation: {
        '@CreateDateTime': booking.created_at,
        '@LastModifyDateTime': booking.updated_at,
        '@ResStatus': status,
        UniqueID: { '@Type': '14', '@ID': booking.reference },
        RoomStays: { RoomStay: roomStays },
        ResGuests: { ResGuest: resGuests },
        ResGlobalInfo: {
          ...(booking.special_requests ? { Comments: { Comment: { Text: booking.special_requests } } } : {}),
          Guarantee: {
            '@GuaranteeType': booking.payment_type === 'pay_at_hotel' ? 'CC/DC/Voucher' : 'PrePay',
          },
          Total: money(booking.total_amount, booking.currency),
          ...(booking.pricing && booking.pricing.markup_amount > 0
            ? {
                Commission: {
                  CommissionPayableAmount: {
                    '@Amount': formatMinor(booking.pricing.markup_amount, booking.currency),
                    '@CurrencyCode': booking.currency,
                  },
                },
              }
            : {}),
          HotelReservationIDs: {
            HotelReservationID: {
              '@ResID_Type': '14',
              '@ResID_Value': booking.reference,
              '@ResID_Source': 'ITINERA',
            },
          },
          Profiles: {
            ProfileInfo: {
              Profile: {
                '@ProfileType': '1',
                Customer: {
                  PersonName: { GivenName: holder.given_name, Surname: holder.family_name },
                  Telephone: { '@PhoneNumber': holder.phone },
                  Email: holder.email,
                },
              },
            },
          },
        },
      },
    },
  });
}

/**
 * The hotel's own confirmation number in a channel manager's `OTA_HotelResNotifRS`: the
 * `HotelReservationID` of `ResID_Type="10"` (the hotel's), if it answered one; at most 64 printable
 * characters, else none.
 */
export function hotelConfirmationIn(answer: string): string | null {
  for (const tag of answer.matchAll(/<(?:[\w.-]+:)?HotelReservationID\b([^>]*)\/?>/g)) {
    const attrs = new Map(
      [...tag[1]!.matchAll(/([\w:.-]+)\s*=\s*"([^"]*)"/g)].map((m) => [m[1]!, m[2]!.trim()]),
    );
    const value = attrs.get('ResID_Value');
    if (attrs.get('ResID_Type') === '10' && value && /^[\x21-\x7e ]{1,64}$/.test(value)) return value;
  }
  return null;
}
