import { useState } from 'preact/hooks';
import { api, type components, unwrap } from '../api.ts';
import { money } from '../format.ts';
import { currentLanguage, t } from '../i18n/i18n.ts';
import { navigate } from '../router.ts';
import { useStore } from '../store.ts';
import { ContactFields } from '../ui/contact-fields.tsx';
import { PassengerFields, type PassengerType, passengerFrom } from '../ui/passenger-fields.tsx';
import { holding, PayWhen } from '../ui/pay-when.tsx';
import { PaymentFields, paymentFrom } from '../ui/payment-fields.tsx';
import { PriceChanged } from '../ui/price-changed.tsx';
import { type SeatChoice, SeatMapGrid } from '../ui/seat-map.tsx';
import { ErrorView, isDeadEnd, Loading, OfferExpired } from '../ui/states.tsx';
import { useBooking } from '../ui/use-booking.ts';
import { useAsync } from '../use-async.ts';

type Offer = components['schemas']['FlightOffer'];
type BookRequest = components['schemas']['BookFlightRequest'];

function passengerTypes(offer: Offer): PassengerType[] {
  return offer.passengers.flatMap((p) => Array.from({ length: p.count }, () => p.type));
}

type SeatKey = string; // `${slice}.${segment}.${passenger}`

function Seats(props: {
  offer: Offer;
  seats: Map<SeatKey, SeatChoice>;
  setSeat: (key: SeatKey, c?: SeatChoice) => void;
}) {
  const maps = useAsync(
    () => unwrap(api.GET('/seat_maps', { params: { query: { offer_id: props.offer.id } } })),
    [props.offer.id],
  );
  const [passenger, setPassenger] = useState(0);
  const types = passengerTypes(props.offer);
  const seated = types.map((type, i) => ({ type, i })).filter((p) => p.type !== 'infant');
  if (maps.loading) return <Loading />;
  if (maps.error !== undefined) return <ErrorView error={maps.error} retry={maps.retry} />;
  const selectable = maps.data?.segments.filter((s) => s.seat_selection) ?? [];
  if (selectable.length === 0) return <p>{t('book.seatsNone')}</p>;
  const withInfant = types.filter((x) => x === 'infant').length;
  return (
    <>
      <div class="row" role="radiogroup" aria-label={t('book.passengers')}>
        {seated.map(({ i }) => (
          <label class="radio" key={i}>
            <input
              type="radio"
              name="seat-passenger"
              checked={passenger === i}
              onChange={() => setPassenger(i)}
            />
            {t('book.seatFor', { n: i + 1 })}
          </label>
        ))}
      </div>
      {selectable.map((segment) => {
        const prefix = `${segment.slice}.${segment.segment}.`;
        const kind =
          types[passenger] === 'child' ? 'child' : passenger < withInfant ? 'adult_with_infant' : 'adult';
        const others = new Set(
          [...props.seats.entries()]
            .filter(([k]) => k.startsWith(prefix) && k !== `${prefix}${passenger}`)
            .map(([, v]) => v.designator),
        );
        return (
          <div key={prefix}>
            <h3>
              {segment.flight_number} {segment.origin}–{segment.destination}
            </h3>
            <SeatMapGrid
              segment={segment}
              kind={kind}
              passengerLabel={t('book.seatFor', { n: passenger + 1 })}
              chosen={props.seats.get(`${prefix}${passenger}`)?.designator}
              takenByOthers={others}
              onChoose={(choice) => props.setSeat(`${prefix}${passenger}`, choice)}
            />
          </div>
        );
      })}
    </>
  );
}

function bookingRequest(
  offer: Offer,
  form: FormData,
  seats: Map<SeatKey, SeatChoice>,
  total: number,
): Omit<BookRequest, 'payment'> {
  const types = passengerTypes(offer);
  const bags = offer.available_services.checked_bags.flatMap((bag) =>
    types
      .map((_, passenger) => ({
        passenger,
        slice: bag.slice,
        quantity: Number(form.get(`bags.${passenger}.${bag.slice}`) ?? 0),
      }))
      .filter((b) => b.quantity > 0),
  );
  return {
    offer_id: offer.id,
    type: 'instant',
    passengers: types.map((type, n) => passengerFrom(form, n, type)),
    contact: {
      email: String(form.get('email')),
      phone: String(form.get('phone')),
      language: currentLanguage(),
    },
    ...(seats.size > 0
      ? {
          seats: [...seats.entries()].map(([key, choice]) => {
            const [slice, segment, passenger] = key.split('.').map(Number) as [number, number, number];
            return { slice, segment, passenger, designator: choice.designator };
          }),
        }
      : {}),
    ...(bags.length > 0 ? { bags } : {}),
    expected_total: { amount: total, currency: offer.total_currency },
  };
}

/** Passengers, seats, bags, contact and payment for the chosen offer; booked in one request. */
export function FlightBookPage() {
  const { chosenOffer, claims } = useStore();
  const [seats, setSeats] = useState(new Map<SeatKey, SeatChoice>());
  const [hold, setHold] = useState(false);
  const [bagsTotal, setBagsTotal] = useState(0);
  // Saved travellers to fill passengers in from; none if they cannot be read (the form works without).
  const travellers = useAsync(
    () => unwrap(api.GET('/travellers', { params: { query: { limit: 100 } } })),
    [],
  );
  const { formRef, busy, error, change, book, acceptChange } = useBooking(
    chosenOffer?.offer.total_currency ?? 'EUR',
    async (form, key, expected) => {
      const offer = chosenOffer?.offer as Offer;
      // A hold keeps the seats unpaid; it is paid from the trip page before it runs out.
      const paying = holding(form) ? { type: 'hold' as const } : { payment: await paymentFrom(form) };
      return unwrap(
        api.POST('/book_flight', {
          params: { header: { 'idempotency-key': key } },
          body: { ...bookingRequest(offer, form, seats, expected), ...paying },
        }),
      );
    },
  );
  if (!chosenOffer) return <OfferExpired searchAgain="/" />;
  const { offer, search } = chosenOffer;
  const back = `/flights/results?${search}`;
  const seatsTotal = [...seats.values()].reduce((n, s) => n + s.amount, 0);
  const total = offer.total_amount + seatsTotal + bagsTotal;
  const types = passengerTypes(offer);

  const updateBags = () => {
    const form = new FormData(formRef.current as HTMLFormElement);
    setBagsTotal(
      offer.available_services.checked_bags.reduce(
        (sum, bag) =>
          sum +
          types.reduce((n, _, p) => n + Number(form.get(`bags.${p}.${bag.slice}`) ?? 0), 0) *
            bag.amount_per_bag,
        0,
      ),
    );
  };

  if (change)
    return <PriceChanged change={change} back={() => navigate(back)} onAccept={() => void acceptChange()} />;
  if (isDeadEnd(error)) return <ErrorView error={error} searchAgain={back} />;
  return (
    <>
      <h1>{t('book.title')}</h1>
      <form
        ref={formRef}
        class="booking"
        onSubmit={(event) => {
          event.preventDefault();
          void book(total);
        }}
        onInput={updateBags}
      >
        <section class="card">
          <h2>{t('book.passengers')}</h2>
          {types.map((type, index) => (
            <PassengerFields key={index} index={index} type={type} travellers={travellers.data?.data ?? []} />
          ))}
        </section>
        <section class="card">
          <h2>{t('book.seats')}</h2>
          <Seats
            offer={offer}
            seats={seats}
            setSeat={(k, choice) =>
              setSeats((all) => {
                const next = new Map(all);
                if (choice) next.set(k, choice);
                else next.delete(k);
                return next;
              })
            }
          />
        </section>
        {offer.available_services.checked_bags.length > 0 && (
          <section class="card">
            <h2>{t('book.bags')}</h2>
            <div class="row">
              {offer.available_services.checked_bags.flatMap((bag) =>
                types.map((type, p) =>
                  type === 'infant' ? null : (
                    <label key={`${p}.${bag.slice}`}>
                      {t('book.bagsFor', { n: p + 1, slice: bag.slice + 1 })} (
                      {money(bag.amount_per_bag, bag.currency)})
                      <input
                        type="number"
                        name={`bags.${p}.${bag.slice}`}
                        min="0"
                        max={bag.max_per_passenger}
                        value="0"
                      />
                    </label>
                  ),
                ),
              )}
            </div>
          </section>
        )}
        <ContactFields />
        <section class="card">
          <PayWhen holdLabel={t('flight.hold')} onChange={setHold} />
          {!hold && <PaymentFields canUseBalance={Boolean(claims?.agency_id)} />}
          <p class="total">
            {t('book.total')}: <strong data-testid="total">{money(total, offer.total_currency)}</strong>
          </p>
          {error !== undefined && <ErrorView error={error} retry={() => void book(total)} />}
          <button type="submit" disabled={busy}>
            {busy
              ? t('book.booking')
              : t(hold ? 'flight.holdSubmit' : 'book.submit', { amount: money(total, offer.total_currency) })}
          </button>
        </section>
      </form>
    </>
  );
}
