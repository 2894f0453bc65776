import { useState } from 'preact/hooks';
import { api, type components, unwrap } from '../api.ts';
import { money } from '../format.ts';
import { currentLanguage, t } from '../i18n/i18n.ts';
import { navigate } from '../router.ts';
import { useStore } from '../store.ts';
import { PaymentFields, paymentFrom } from '../ui/payment-fields.tsx';
import { PriceChanged } from '../ui/price-changed.tsx';
import { type SeatChoice, SeatMapGrid } from '../ui/seat-map.tsx';
import { ErrorView, isDeadEnd, Loading, OfferExpired } from '../ui/states.tsx';
import { useBooking } from '../ui/use-booking.ts';
import { useAsync } from '../use-async.ts';

type Offer = components['schemas']['FlightOffer'];
type BookRequest = components['schemas']['BookFlightRequest'];
type PassengerType = 'adult' | 'child' | 'infant';

function passengerTypes(offer: Offer): PassengerType[] {
  return offer.passengers.flatMap((p) => Array.from({ length: p.count }, () => p.type));
}

function PassengerFields(props: { index: number; type: PassengerType }) {
  const n = props.index;
  return (
    <fieldset class="passenger">
      <legend>{t('book.passenger', { n: n + 1, type: props.type })}</legend>
      <div class="row">
        <label>
          {t('book.title.field')}
          <select name={`p${n}.title`}>
            {(['mr', 'ms', 'mrs', 'miss', 'dr', 'mx'] as const).map((title) => (
              <option key={title} value={title}>
                {title}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('book.given')}
          <input name={`p${n}.given_name`} required autocomplete={n === 0 ? 'given-name' : 'off'} />
        </label>
        <label>
          {t('book.family')}
          <input name={`p${n}.family_name`} required autocomplete={n === 0 ? 'family-name' : 'off'} />
        </label>
        <label>
          {t('book.born')}
          <input name={`p${n}.born_on`} type="date" required />
        </label>
        <label>
          {t('book.gender')}
          <select name={`p${n}.gender`}>
            {(['f', 'm', 'x'] as const).map((g) => (
              <option key={g} value={g}>
                {t(`gender.${g}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div class="row">
        <label>
          {t('book.document')}
          <select name={`p${n}.document_type`}>
            <option value="passport">{t('book.passport')}</option>
            <option value="identity_card">{t('book.identityCard')}</option>
          </select>
        </label>
        <label>
          {t('book.documentNumber')}
          <input name={`p${n}.document_number`} aria-describedby="document-hint" />
        </label>
        <label>
          {t('book.nationality')}
          <input name={`p${n}.nationality`} maxLength={2} pattern="[A-Za-z]{2}" placeholder="GB" />
        </label>
        <label>
          {t('book.issuingCountry')}
          <input name={`p${n}.issuing_country`} maxLength={2} pattern="[A-Za-z]{2}" placeholder="GB" />
        </label>
        <label>
          {t('book.documentExpires')}
          <input name={`p${n}.document_expires_on`} type="date" />
        </label>
      </div>
      <p class="hint" id="document-hint">
        {t('book.documentHint')}
      </p>
    </fieldset>
  );
}

function documentOf(form: FormData, n: number): BookRequest['passengers'][number]['document'] | undefined {
  const number = String(form.get(`p${n}.document_number`) ?? '').trim();
  if (!number) return undefined;
  return {
    type: String(form.get(`p${n}.document_type`)) as 'passport' | 'identity_card',
    number,
    nationality: String(form.get(`p${n}.nationality`)).toUpperCase(),
    issuing_country: String(form.get(`p${n}.issuing_country`)).toUpperCase(),
    expires_on: String(form.get(`p${n}.document_expires_on`)),
  };
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
    passengers: types.map((type, n) => {
      const document = documentOf(form, n);
      return {
        type,
        ...(document ? { document } : {}),
        title: String(form.get(`p${n}.title`)) as BookRequest['passengers'][number]['title'],
        given_name: String(form.get(`p${n}.given_name`)),
        family_name: String(form.get(`p${n}.family_name`)),
        born_on: String(form.get(`p${n}.born_on`)),
        gender: String(form.get(`p${n}.gender`)) as 'f' | 'm' | 'x',
      };
    }),
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
  const [bagsTotal, setBagsTotal] = useState(0);
  const { formRef, busy, error, change, book, acceptChange } = useBooking(
    chosenOffer?.offer.total_currency ?? 'EUR',
    async (form, key, expected) => {
      const offer = chosenOffer?.offer as Offer;
      const payment = await paymentFrom(form);
      return unwrap(
        api.POST('/book_flight', {
          params: { header: { 'idempotency-key': key } },
          body: { ...bookingRequest(offer, form, seats, expected), payment },
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
            <PassengerFields key={index} index={index} type={type} />
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
        <section class="card">
          <h2>{t('book.contact')}</h2>
          <div class="row">
            <label>
              {t('book.email')}
              <input name="email" type="email" required autocomplete="email" />
            </label>
            <label>
              {t('book.phone')}
              <input name="phone" type="tel" required autocomplete="tel" pattern="\+?[0-9 ]{6,20}" />
            </label>
          </div>
        </section>
        <section class="card">
          <PaymentFields canUseBalance={Boolean(claims?.agency_id)} />
          <p class="total">
            {t('book.total')}: <strong data-testid="total">{money(total, offer.total_currency)}</strong>
          </p>
          {error !== undefined && <ErrorView error={error} retry={() => void book(total)} />}
          <button type="submit" disabled={busy}>
            {busy ? t('book.booking') : t('book.submit', { amount: money(total, offer.total_currency) })}
          </button>
        </section>
      </form>
    </>
  );
}
