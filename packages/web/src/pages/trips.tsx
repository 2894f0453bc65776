import { useState } from 'preact/hooks';
import { api, type components, unwrap } from '../api.ts';
import { date, dateTime, localTime, money } from '../format.ts';
import { type MessageKey, t } from '../i18n/i18n.ts';
import { useLocation } from '../router.ts';
import { useStore } from '../store.ts';
import { Link } from '../ui/link.tsx';
import { PaymentFields, paymentFrom } from '../ui/payment-fields.tsx';
import { ErrorView, Loading, StateScreen } from '../ui/states.tsx';
import { useAsync } from '../use-async.ts';
import { ChangeFlights } from './trip-change.tsx';

type FlightBooking = components['schemas']['FlightBooking'];
type HotelBooking = components['schemas']['HotelBooking'];
type Trip = components['schemas']['Trip'];
type Booking = FlightBooking | HotelBooking | Trip;
type Quote = components['schemas']['CancellationQuote'];

const statusLabel = (status: string) => t(`status.${status}` as MessageKey);

function summary(booking: Booking): string {
  if (booking.product === 'trip')
    return booking.parts ? `${summary(booking.parts.flight)} · ${summary(booking.parts.hotel)}` : '';
  if (booking.product === 'hotel')
    return `${booking.hotel.name}, ${booking.hotel.city_name} · ${date(booking.check_in)} – ${date(booking.check_out)}`;
  return booking.slices.map((s) => `${s.origin}→${s.destination} ${date(s.departure_date)}`).join(' · ');
}

function totalOf(booking: Booking): string {
  return booking.product === 'hotel' || booking.product === 'trip'
    ? money(booking.total_amount, booking.currency)
    : money(booking.price.total_amount, booking.price.total_currency);
}

/** The bookings of the signed-in traveller (an agent: the agency's), newest first, flights and hotels. */
export function BookingList(props: { product: 'flight' | 'hotel' | 'trip' }) {
  const list = useAsync(
    () =>
      unwrap(
        api.POST('/search_booking', { body: { product: props.product, sort: '-created_at', limit: 50 } }),
      ),
    [props.product],
  );
  if (list.loading) return <Loading />;
  if (list.error !== undefined) return <ErrorView error={list.error} retry={list.retry} />;
  if (!list.data || list.data.data.length === 0) return <p class="empty">{t('trips.empty')}</p>;
  return (
    <ul class="trips">
      {list.data.data.map((booking) => (
        <li class="card trip" key={booking.id}>
          <Link href={`/trips/${booking.id}`}>
            <strong>{booking.reference}</strong> · {summary(booking)}
          </Link>
          <span class={`badge status-${booking.status}`}>{statusLabel(booking.status)}</span>
          <span>{totalOf(booking)}</span>
        </li>
      ))}
    </ul>
  );
}

export function TripsPage() {
  return (
    <>
      <h1>{t('trips.title')}</h1>
      <h2>{t('trips.flights')}</h2>
      <BookingList product="flight" />
      <h2>{t('trips.hotels')}</h2>
      <BookingList product="hotel" />
      <h2>{t('trips.packages')}</h2>
      <BookingList product="trip" />
    </>
  );
}

function FlightDetails(props: { booking: FlightBooking }) {
  const { booking } = props;
  return (
    <>
      {booking.slices.map((slice) => (
        <section class="card" key={slice.origin + slice.departure_date}>
          <h2>
            {slice.origin} → {slice.destination} · {date(slice.departure_date)}
          </h2>
          <ul>
            {slice.segments.map((segment) => (
              <li key={segment.flight_id}>
                {segment.flight_number} ({segment.carrier_name}){' '}
                {localTime(segment.departing_at, segment.origin_time_zone)} {segment.origin} →{' '}
                {localTime(segment.arriving_at, segment.destination_time_zone)} {segment.destination}
              </li>
            ))}
          </ul>
        </section>
      ))}
      <section class="card">
        <h2>{t('book.passengers')}</h2>
        <ul>
          {booking.passengers.map((p) => (
            <li key={p.id}>
              {p.given_name} {p.family_name} ({p.type}){p.ticket_number ? ` · ${p.ticket_number}` : ''}
            </li>
          ))}
        </ul>
        {booking.services.length > 0 && (
          <ul>
            {booking.services.map((s, i) => (
              <li key={i}>{s.type === 'seat' ? `${t('book.seats')}: ${s.designator}` : t('book.bags')}</li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function HotelDetails(props: { booking: HotelBooking }) {
  const { booking } = props;
  return (
    <section class="card">
      <h2>{booking.hotel.name}</h2>
      <p>{booking.hotel.address}</p>
      <p>
        {date(booking.check_in)} – {date(booking.check_out)} · {t('common.nights', { count: booking.nights })}
      </p>
      {booking.hotel_confirmation && (
        <p>
          {t('doc.hotelConfirmation')}: <strong>{booking.hotel_confirmation}</strong>
        </p>
      )}
      <ul>
        {booking.rooms.map((room) => (
          <li key={room.id}>
            {room.room_type.name} · {room.rate_plan.name} · {t(`board.${room.board}` as MessageKey)}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Paying a hold before its deadline: a card (or the agency balance), then the booking is confirmed. */
function PayHold(props: { booking: Booking; onPaid: (b: Booking) => void }) {
  const { claims } = useStore();
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const until = (props.booking as { hold_expires_at?: string | null }).hold_expires_at;
  return (
    <form
      class="card"
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        setError(undefined);
        try {
          const payment = await paymentFrom(new FormData(event.currentTarget));
          props.onPaid(
            await unwrap(api.POST('/pay_booking', { body: { booking_id: props.booking.id, payment } })),
          );
        } catch (caught) {
          setError(caught);
        } finally {
          setBusy(false);
        }
      }}
    >
      {until && <p class="notice">{t('trip.heldUntil', { until: dateTime(until) })}</p>}
      <PaymentFields canUseBalance={Boolean(claims?.agency_id)} />
      {error !== undefined && <ErrorView error={error} />}
      <button type="submit" disabled={busy}>
        {t('trip.pay', { amount: totalOf(props.booking) })}
      </button>
    </form>
  );
}

/** Cancelling: the quote first (refund and penalty), then the choice to cancel on it or keep the booking. */
function Cancel(props: { booking: Booking; onCancelled: (b: Booking) => void }) {
  const [quote, setQuote] = useState<Quote | undefined>();
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const run = async (step: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await step();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  const ask = () =>
    run(async () =>
      setQuote(await unwrap(api.POST('/quote_cancellation', { body: { booking_id: props.booking.id } }))),
    );
  const cancel = (q: Quote) =>
    run(async () => {
      props.onCancelled(
        await unwrap(
          api.POST('/cancel_booking', { body: { booking_id: props.booking.id, quote_id: q.quote_id } }),
        ),
      );
      setQuote(undefined);
    });
  return (
    <section class="card">
      {error !== undefined && <ErrorView error={error} retry={() => void ask()} />}
      {!quote ? (
        <button type="button" class="danger" disabled={busy} onClick={ask}>
          {t('trip.cancel')}
        </button>
      ) : (
        <div role="alertdialog" aria-labelledby="quote-text">
          <p id="quote-text">
            {t('trip.quote', {
              refund: money(quote.refund_amount, quote.currency),
              penalty: money(quote.penalty_amount, quote.currency),
              until: dateTime(quote.expires_at),
            })}
          </p>
          <div class="row">
            <button type="button" class="danger" disabled={busy} onClick={() => cancel(quote)}>
              {t('trip.confirmCancel', { refund: money(quote.refund_amount, quote.currency) })}
            </button>
            <button type="button" class="secondary" onClick={() => setQuote(undefined)}>
              {t('trip.keep')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}

/** A trip whose flights were retimed: the stay they call for and the new total, accepted in one step. */
function AcceptTripChange(props: { trip: Trip; onAccepted: (b: Booking) => void }) {
  const change = props.trip.schedule_change;
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  if (!change || change.total_amount === null) return null;
  const total = change.total_amount;
  const accept = async () => {
    setBusy(true);
    setError(undefined);
    try {
      props.onAccepted(
        await unwrap(
          api.POST('/accept_trip_change', {
            body: { booking_id: props.trip.id, expected_total: { amount: total, currency: change.currency } },
          }),
        ),
      );
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="card notice">
      <p>{t('trip.scheduleChanged')}</p>
      {change.stay && (
        <p>{t('trip.newStay', { from: date(change.stay.check_in), to: date(change.stay.check_out) })}</p>
      )}
      <p>{t('trip.newTotal', { amount: money(total, change.currency) })}</p>
      {error !== undefined && <ErrorView error={error} />}
      <button type="button" disabled={busy} onClick={accept}>
        {t('trip.acceptChange')}
      </button>
    </section>
  );
}

export function TripPage(props: { id: string }) {
  const { query } = useLocation();
  const [updated, setUpdated] = useState<Booking | undefined>();
  const loaded = useAsync(
    () => unwrap(api.GET('/booking', { params: { query: { id: props.id } } })),
    [props.id],
  );
  if (loaded.loading && !updated) return <Loading />;
  if (loaded.error !== undefined) return <ErrorView error={loaded.error} retry={loaded.retry} />;
  const booking = (updated ?? loaded.data) as Booking;
  return (
    <>
      {query.get('booked') && (
        <StateScreen
          kind="confirmed"
          title={t(booking.status === 'held' ? 'confirm.held' : 'confirm.title')}
          text={`${t('confirm.reference')}: ${booking.reference}`}
        >
          <Link href="/trips">{t('confirm.trips')}</Link>
        </StateScreen>
      )}
      <h1>
        {t('confirm.reference')} <span data-testid="reference">{booking.reference}</span>
      </h1>
      <p>
        {t('trips.status')}: <strong data-testid="status">{statusLabel(booking.status)}</strong> ·{' '}
        {t('book.total')}: {totalOf(booking)}
      </p>
      {updated && (
        <p role="status" class="notice">
          {updated.status === 'cancelled'
            ? t('trip.cancelled')
            : updated.status === 'confirmed' && booking.payment && !loaded.data?.payment
              ? t('trip.paid')
              : t('trip.changed')}
        </p>
      )}
      {booking.product === 'trip' && booking.parts && (
        <>
          <h2>{t('trip.flightPart')}</h2>
          <p>
            {t('confirm.reference')}: {booking.parts.flight.reference}
          </p>
          <FlightDetails booking={booking.parts.flight} />
          <h2>{t('trip.hotelPart')}</h2>
          <p>
            {t('confirm.reference')}: {booking.parts.hotel.reference}
          </p>
          <HotelDetails booking={booking.parts.hotel} />
        </>
      )}
      {booking.product === 'flight' && <FlightDetails booking={booking} />}
      {booking.product === 'hotel' && <HotelDetails booking={booking} />}
      {/* A hotel hold is paid ('pay'); a flight hold is confirmed by paying it ('confirm'). */}
      {booking.status === 'held' &&
        (booking.allowed_actions.includes('pay') || booking.allowed_actions.includes('confirm')) && (
          <PayHold booking={booking} onPaid={setUpdated} />
        )}
      {booking.product === 'trip' && booking.allowed_actions.includes('accept_schedule_change') && (
        <AcceptTripChange trip={booking} onAccepted={setUpdated} />
      )}
      {booking.allowed_actions.includes('cancel') && <Cancel booking={booking} onCancelled={setUpdated} />}
      {booking.product === 'flight' &&
        booking.allowed_actions.includes('change') &&
        booking.conditions.change.allowed && <ChangeFlights booking={booking} onChanged={setUpdated} />}
    </>
  );
}
