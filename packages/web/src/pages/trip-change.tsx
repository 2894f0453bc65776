import { useRef, useState } from 'preact/hooks';
import { api, type components, idempotencyKey, ProblemError, unwrap } from '../api.ts';
import { date, dateTime, duration, localTime, money } from '../format.ts';
import { t } from '../i18n/i18n.ts';
import { ErrorView, Loading } from '../ui/states.tsx';

type FlightBooking = components['schemas']['FlightBooking'];
type ChangeOffer = components['schemas']['ChangeOffer'];

/**
 * Changing flights: new dates for the flights the traveller ticks, the options with what each costs
 * (penalty, fare difference, seats given up) shown before anything happens, then the change, atomic.
 */
export function ChangeFlights(props: {
  booking: FlightBooking;
  onChanged: (booking: FlightBooking) => void;
}) {
  const { booking } = props;
  const [offers, setOffers] = useState<ChangeOffer[] | undefined>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const key = useRef(idempotencyKey());

  const search = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const slices = booking.slices
      .map((slice, index) => ({
        slice: index,
        departure_date: String(form.get(`date-${index}`) ?? slice.departure_date),
        wanted: form.get(`change-${index}`) === 'on',
      }))
      .filter((s) => s.wanted)
      .map(({ slice, departure_date }) => ({ slice, departure_date }));
    if (slices.length === 0) return;
    setBusy(true);
    setError(undefined);
    try {
      const answer = await unwrap(
        api.POST('/search_changes', { body: { booking_id: booking.id, slices, max_connections: 1 } }),
      );
      setOffers(answer.data);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  const change = async (offer: ChangeOffer) => {
    setBusy(true);
    setError(undefined);
    try {
      props.onChanged(
        await unwrap(
          api.POST('/change_booking', {
            params: { header: { 'idempotency-key': key.current } },
            body: {
              change_offer_id: offer.id,
              expected_total: { amount: offer.new_total_amount, currency: offer.currency },
            },
          }),
        ),
      );
      setOffers(undefined);
    } catch (caught) {
      if (caught instanceof ProblemError && caught.status < 500) key.current = idempotencyKey();
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="card" aria-labelledby="change-title">
      <h2 id="change-title">{t('trip.change')}</h2>
      <form onSubmit={search}>
        {booking.slices.map((slice, index) => (
          <div class="row" key={slice.origin + slice.departure_date}>
            <label class="radio">
              <input type="checkbox" name={`change-${index}`} defaultChecked={index === 0} />
              {slice.origin} → {slice.destination}
            </label>
            <label>
              {t('flights.depart')}
              <input type="date" name={`date-${index}`} defaultValue={slice.departure_date} required />
            </label>
          </div>
        ))}
        <button type="submit" class="secondary" disabled={busy}>
          {t('trip.findChanges')}
        </button>
      </form>
      {busy && <Loading />}
      {error !== undefined && <ErrorView error={error} />}
      {offers && offers.length === 0 && <p>{t('state.empty')}</p>}
      {offers && offers.length > 0 && (
        <ul class="offers">
          {offers.map((offer) => (
            <li class="card" key={offer.id}>
              {offer.slices
                .filter((_, index) => offer.changed_slices.includes(index))
                .map((slice) => {
                  const first = slice.segments[0];
                  const last = slice.segments[slice.segments.length - 1];
                  return (
                    <p key={slice.origin + slice.departure_date}>
                      <strong>
                        {date(slice.departure_date)} ·{' '}
                        {first && localTime(first.departing_at, first.origin_time_zone)} {slice.origin} →{' '}
                        {last && localTime(last.arriving_at, last.destination_time_zone)} {slice.destination}
                      </strong>{' '}
                      · {duration(slice.duration_minutes)} ·{' '}
                      {slice.segments.map((s) => s.flight_number).join(' ')}
                    </p>
                  );
                })}
              <p>
                {t('trip.changeCosts', {
                  penalty: money(offer.penalty_amount, offer.currency),
                  difference: money(offer.fare_difference_amount, offer.currency),
                  total: money(offer.new_total_amount, offer.currency),
                  until: dateTime(offer.expires_at),
                })}
              </p>
              <button type="button" disabled={busy} onClick={() => change(offer)}>
                {offer.change_total_amount >= 0
                  ? t('trip.changeFor', { amount: money(offer.change_total_amount, offer.currency) })
                  : t('trip.changeRefund', { amount: money(-offer.change_total_amount, offer.currency) })}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
