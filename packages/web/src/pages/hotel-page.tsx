import { useState } from 'preact/hooks';
import { api, type components, unwrap } from '../api.ts';
import { date, money } from '../format.ts';
import { currentLanguage, type MessageKey, t } from '../i18n/i18n.ts';
import { navigate, useLocation } from '../router.ts';
import { useStore } from '../store.ts';
import { CancellationTimeline } from '../ui/cancellation.tsx';
import { HotelReviews } from '../ui/hotel-reviews.tsx';
import { holding, PayWhen } from '../ui/pay-when.tsx';
import { PaymentFields, paymentFrom } from '../ui/payment-fields.tsx';
import { Picture } from '../ui/picture.tsx';
import { PriceChanged } from '../ui/price-changed.tsx';
import { EmptyResults, ErrorView, isDeadEnd, Loading, SoldOut } from '../ui/states.tsx';
import { useBooking } from '../ui/use-booking.ts';
import { useAsync } from '../use-async.ts';
import { stayFrom } from './hotel-results.tsx';

type Option = components['schemas']['HotelResult']['options'][number];
type Quote = components['schemas']['CheckRateResponse'];
type Priced = Quote & { quote: NonNullable<Quote['quote']> };

const totalOf = (quotes: ReadonlyArray<{ quote: { total_amount: number } | null }>) =>
  quotes.reduce((n, q) => n + (q.quote?.total_amount ?? 0), 0);

/** A pay-now rate's payment, or the card guaranteeing a rate paid at the hotel (nothing taken). */
async function payOrGuarantee(payNow: boolean, form: FormData) {
  const paid = await paymentFrom(form);
  if (payNow) return { payment: paid };
  return paid.type === 'card' ? { guarantee: paid } : {};
}

/**
 * Guest details and payment for checked rates: one quote for every room, or one for each room chosen on
 * its own; booked with an Idempotency-Key kept across retries.
 */
function BookStay(props: { quotes: Priced[]; back: string }) {
  const { claims } = useStore();
  const [expected, setExpected] = useState(totalOf(props.quotes));
  const quote = props.quotes[0]!.quote;
  const stay = props.quotes[0]!;
  const rooms = props.quotes.flatMap((q) => q.rooms);
  const payNow = props.quotes.every((q) => q.quote.payment_type === 'pay_now');
  const { formRef, busy, error, change, book, acceptChange } = useBooking(
    quote.currency,
    async (form, key, amount) => {
      const guest = {
        given_name: String(form.get('given_name')),
        family_name: String(form.get('family_name')),
      };
      const named = (field: string) => ({
        given_name: String(form.get(`${field}.given_name`) || guest.given_name),
        family_name: String(form.get(`${field}.family_name`) || guest.family_name),
      });
      return unwrap(
        api.POST('/book_hotel', {
          params: { header: { 'idempotency-key': key } },
          body: {
            ...(props.quotes.length === 1 ? { quote_id: quote.quote_id } : {}),
            holder: {
              ...guest,
              email: String(form.get('email')),
              phone: String(form.get('phone')),
              language: currentLanguage(),
            },
            rooms: rooms.map((room, r) => ({
              ...(props.quotes.length > 1 ? { quote_id: props.quotes[r]!.quote.quote_id } : {}),
              guests: [
                ...Array.from({ length: room.adults }, (_, g) =>
                  r === 0 && g === 0 ? guest : named(`r${r}.a${g}`),
                ),
                ...(room.children ?? []).map((age, c) => ({ ...named(`r${r}.c${c}`), age })),
              ],
            })),
            expected_total: { amount, currency: quote.currency },
            ...(payNow && holding(form) ? { type: 'hold' as const } : await payOrGuarantee(payNow, form)),
          },
        }),
      );
    },
  );

  if (change)
    return (
      <PriceChanged
        change={change}
        back={() => navigate(props.back)}
        onAccept={() => {
          const now = acceptChange();
          if (now !== undefined) setExpected(now);
        }}
      />
    );
  if (isDeadEnd(error)) return <ErrorView error={error} searchAgain={props.back} />;
  return (
    <form
      ref={formRef}
      class="card booking"
      onSubmit={(event) => {
        event.preventDefault();
        void book(expected);
      }}
    >
      <h2>{quote.hotel.name}</h2>
      <p>
        {date(stay.check_in)} – {date(stay.check_out)}
      </p>
      {props.quotes.map(({ quote: q }) => (
        <div key={q.quote_id}>
          <p>
            {q.room_type?.name} · {q.rate_plan.name} · {t(`board.${q.board}` as MessageKey)}
          </p>
          <CancellationTimeline
            cancellation={q.cancellation}
            currency={q.currency}
            timeZone={q.hotel.time_zone}
          />
        </div>
      ))}
      <fieldset>
        <legend>{t('hotel.guest')}</legend>
        <div class="row">
          <label>
            {t('book.given')}
            <input name="given_name" required autocomplete="given-name" />
          </label>
          <label>
            {t('book.family')}
            <input name="family_name" required autocomplete="family-name" />
          </label>
          <label>
            {t('book.email')}
            <input name="email" type="email" required autocomplete="email" />
          </label>
          <label>
            {t('book.phone')}
            <input name="phone" type="tel" required autocomplete="tel" />
          </label>
        </div>
      </fieldset>
      {rooms.map((room, r) => (
        <fieldset key={r}>
          <legend>{t('hotel.roomGuests', { n: r + 1 })}</legend>
          {[
            ...Array.from({ length: room.adults }, (_, g) => `r${r}.a${g}`),
            ...(room.children ?? []).map((_, c) => `r${r}.c${c}`),
          ]
            .filter((key) => key !== 'r0.a0')
            .map((key) => (
              <div class="row" key={key}>
                <label>
                  {t('book.given')}
                  <input name={`${key}.given_name`} required />
                </label>
                <label>
                  {t('book.family')}
                  <input name={`${key}.family_name`} required />
                </label>
              </div>
            ))}
        </fieldset>
      ))}
      {payNow ? (
        <>
          <PayWhen holdLabel={t('hotel.hold')} />
          <PaymentFields canUseBalance={Boolean(claims?.agency_id)} />
        </>
      ) : (
        <PaymentFields
          canUseBalance={false}
          legend={t('hotel.guaranteeCard')}
          hint={t('hotel.guaranteeHint')}
        />
      )}
      {error !== undefined && <ErrorView error={error} retry={() => void book(expected)} />}
      <button type="submit" disabled={busy}>
        {busy ? t('book.booking') : t('hotel.book', { amount: money(expected, quote.currency) })}
      </button>
    </form>
  );
}

/** Each room of the party with the rates sold for it alone: the guest picks one per room, then checks them. */
function RoomByRoom(props: {
  rooms: Array<{ adults: number }>;
  rates: Option[][] | undefined;
  loading: boolean;
  picked: Array<Option | undefined>;
  pick: (room: number, option: Option) => void;
  check: () => void;
}) {
  if (props.loading || !props.rates) return <Loading />;
  const ready = props.rooms.every((_, i) => props.picked[i]);
  return (
    <div class="card each-room">
      {props.rooms.map((room, i) => (
        <fieldset key={i}>
          <legend>{t('hotel.roomFor', { n: i + 1, adults: room.adults })}</legend>
          {(props.rates![i] ?? []).map((option) => (
            <label class="radio" key={option.rate_key}>
              <input
                type="radio"
                name={`room-${i}`}
                checked={props.picked[i]?.rate_key === option.rate_key}
                onChange={() => props.pick(i, option)}
              />
              {option.room_type.name} · {option.rate_plan.name} ·{' '}
              {money(option.total_amount, option.currency)}
            </label>
          ))}
        </fieldset>
      ))}
      <button type="button" disabled={!ready} onClick={props.check}>
        {t('hotel.checkRooms')}
      </button>
    </div>
  );
}

/** A hotel's rooms and rates for the stay; choosing one checks it (price changed, sold out) before booking. */
export function HotelPage(props: { id: string }) {
  const { query } = useLocation();
  const { displayCurrency } = useStore();
  const stay = stayFrom(query);
  const back = `/hotels/${props.id}?${query}`;
  const [checked, setChecked] = useState<{ quotes?: Quote[]; error?: unknown; checking?: boolean }>({});
  const [accepted, setAccepted] = useState(false);
  // With several rooms, the guest may choose each room's type and rate on its own.
  const [eachRoom, setEachRoom] = useState(false);
  const [picked, setPicked] = useState<Array<Option | undefined>>([]);
  const content = useAsync(
    () => unwrap(api.GET('/b2c/hotels/{hotel_id}', { params: { path: { hotel_id: props.id } } })),
    [props.id],
  );
  const searchFor = (rooms: typeof stay.rooms) =>
    unwrap(
      api.POST('/search_hotels', {
        body: {
          ...stay,
          rooms,
          destination: { hotel_ids: [props.id] },
          options: 'all',
          sort: 'price',
          limit: 1,
          ...(displayCurrency ? { currency: displayCurrency } : {}),
        },
      }),
    );
  const rates = useAsync(() => searchFor(stay.rooms), [props.id, query.toString(), displayCurrency]);
  const roomRates = useAsync(
    () => (eachRoom ? Promise.all(stay.rooms.map((room) => searchFor([room]))) : Promise.resolve([])),
    [props.id, query.toString(), displayCurrency, eachRoom],
  );
  /** Checks each chosen rate now: its quote, or sold out, or a changed price to accept first. */
  const choose = async (options: Option[]) => {
    setAccepted(false);
    setChecked({ checking: true });
    try {
      const quotes: Quote[] = [];
      for (const option of options)
        quotes.push(await unwrap(api.POST('/check_rate', { body: { rate_key: option.rate_key } })));
      setChecked({ quotes });
    } catch (error) {
      setChecked({ error });
    }
  };

  if (checked.checking) return <p role="status">{t('hotel.checking')}</p>;
  if (checked.error !== undefined) return <ErrorView error={checked.error} searchAgain={back} />;
  const quotes = checked.quotes;
  if (quotes?.some((q) => q.status === 'sold_out' || !q.quote)) return <SoldOut back={back} />;
  if (quotes?.some((q) => q.status === 'price_changed') && !accepted)
    return (
      <PriceChanged
        change={{
          old: {
            amount: quotes.reduce((n, q) => n + q.previous_total_amount, 0),
            currency: quotes[0]!.currency,
          },
          now: { amount: totalOf(quotes), currency: quotes[0]!.currency },
        }}
        onAccept={() => setAccepted(true)}
        back={() => setChecked({})}
      />
    );
  if (quotes) return <BookStay quotes={quotes as Priced[]} back={back} />;

  const hotel = content.data;
  const options = rates.data?.data[0]?.options ?? [];
  const roomOf = (code: string) => hotel?.room_types.find((r) => r.code === code);
  return (
    <>
      {content.error !== undefined && <ErrorView error={content.error} retry={content.retry} />}
      {hotel && (
        <section>
          <h1>{hotel.name}</h1>
          <p>
            <span aria-hidden="true">{'★'.repeat(hotel.stars)}</span>
            <span class="visually-hidden">{`${hotel.stars} ${t('hotels.stars')}`}</span> · {hotel.address}
          </p>
          <div class="gallery">
            {hotel.images.slice(0, 2).map((src, i) => (
              <Picture key={src} src={src} alt={t('hotel.picture', { hotel: hotel.name, n: i + 1 })} />
            ))}
          </div>
          <p lang={hotel.description_language}>{hotel.description}</p>
        </section>
      )}
      <h2>{t('hotel.rooms')}</h2>
      <p>
        {date(stay.check_in)} – {date(stay.check_out)}
      </p>
      {stay.rooms.length > 1 && (
        <p>
          <button type="button" class="secondary" onClick={() => setEachRoom(!eachRoom)}>
            {eachRoom ? t('hotel.sameRooms') : t('hotel.eachRoom')}
          </button>
        </p>
      )}
      {eachRoom && (
        <RoomByRoom
          rooms={stay.rooms}
          rates={roomRates.data?.map((r) => r.data[0]?.options ?? [])}
          loading={roomRates.loading}
          picked={picked}
          pick={(i, option) => setPicked(Object.assign([...picked], { [i]: option }))}
          check={() => void choose(picked as Option[])}
        />
      )}
      {rates.loading && !eachRoom && <Loading />}
      {rates.error !== undefined && <ErrorView error={rates.error} retry={rates.retry} />}
      {rates.data && options.length === 0 && !eachRoom && <EmptyResults />}
      <ul class="rates" hidden={eachRoom}>
        {options.map((option) => (
          <li class="card rate" key={option.rate_key}>
            <h3>
              {option.room_type.name} · {option.rate_plan.name}
            </h3>
            {roomOf(option.room_type.code)?.image && (
              <Picture
                class="room-picture"
                src={roomOf(option.room_type.code)!.image!}
                alt={option.room_type.name}
                sizes="320px"
              />
            )}
            {roomOf(option.room_type.code)?.description && (
              <p>{roomOf(option.room_type.code)!.description}</p>
            )}
            <p>
              {t(`board.${option.board}` as MessageKey)} · {option.room_type.beds} ·{' '}
              {option.room_type.size_m2} m² ·{' '}
              {option.payment_type === 'pay_at_hotel' ? t('hotel.payAtHotel') : t('hotel.payNow')}
            </p>
            <CancellationTimeline
              cancellation={option.cancellation}
              currency={option.currency}
              timeZone={rates.data?.data[0]?.hotel.time_zone ?? 'UTC'}
            />
            <p class="price">{money(option.total_amount, option.currency)}</p>
            {option.rooms_left <= 3 && (
              <p class="warn">{t('hotel.roomsLeft', { count: option.rooms_left })}</p>
            )}
            <button
              type="button"
              onClick={() => choose([option])}
              aria-label={`${t('hotel.choose')}: ${option.room_type.name}, ${option.rate_plan.name}`}
            >
              {t('hotel.choose')}
            </button>
          </li>
        ))}
      </ul>
      <HotelReviews hotelId={props.id} />
    </>
  );
}
