import { api, type components, unwrap } from '../api.ts';
import { date, money } from '../format.ts';
import { currentLanguage, t } from '../i18n/i18n.ts';
import { navigate } from '../router.ts';
import { useStore } from '../store.ts';
import { ContactFields } from '../ui/contact-fields.tsx';
import { PassengerFields, type PassengerType, passengerFrom } from '../ui/passenger-fields.tsx';
import { PaymentFields, paymentFrom } from '../ui/payment-fields.tsx';
import { PriceChanged } from '../ui/price-changed.tsx';
import { ErrorView, isDeadEnd, OfferExpired } from '../ui/states.tsx';
import { useBooking } from '../ui/use-booking.ts';
import { useAsync } from '../use-async.ts';

type TripPackage = components['schemas']['TripPackage'];

const typesOf = (pkg: TripPackage): PassengerType[] =>
  pkg.flight.passengers.flatMap((p) => Array.from({ length: p.count }, () => p.type as PassengerType));

/** The travellers, contact and one payment for the chosen package; flights and hotel booked in one request. */
export function PackageBookPage() {
  const { chosenPackage, claims } = useStore();
  const travellers = useAsync(
    () => unwrap(api.GET('/travellers', { params: { query: { limit: 100 } } })),
    [],
  );
  const { formRef, busy, error, change, book, acceptChange } = useBooking(
    chosenPackage?.pkg.currency ?? 'EUR',
    async (form, key, expected) => {
      const pkg = chosenPackage?.pkg as TripPackage;
      return unwrap(
        api.POST('/book_trip', {
          params: { header: { 'idempotency-key': key } },
          body: {
            package_id: pkg.package_id,
            passengers: typesOf(pkg).map((type, n) => passengerFrom(form, n, type)),
            contact: {
              email: String(form.get('email')),
              phone: String(form.get('phone')),
              language: currentLanguage(),
            },
            expected_total: { amount: expected, currency: pkg.currency },
            payment: await paymentFrom(form),
          },
        }),
      );
    },
  );
  if (!chosenPackage) return <OfferExpired searchAgain="/" />;
  const { pkg, search } = chosenPackage;
  const back = `/packages/results?${search}`;
  const total = pkg.total_amount;
  if (change)
    return <PriceChanged change={change} back={() => navigate(back)} onAccept={() => void acceptChange()} />;
  if (isDeadEnd(error)) return <ErrorView error={error} searchAgain={back} />;
  return (
    <>
      <h1>{t('packages.book')}</h1>
      <section class="card">
        <h2>{pkg.hotel.hotel.name}</h2>
        <p>
          {t('packages.stay', {
            nights: pkg.stay.nights,
            from: date(pkg.stay.check_in),
            to: date(pkg.stay.check_out),
          })}
        </p>
        <p>
          {pkg.flight.slices.map((s) => `${s.origin}→${s.destination} ${date(s.departure_date)}`).join(' · ')}
        </p>
      </section>
      <form
        ref={formRef}
        class="booking"
        onSubmit={(event) => {
          event.preventDefault();
          void book(total);
        }}
      >
        <section class="card">
          <h2>{t('book.passengers')}</h2>
          <p>{t('packages.guests')}</p>
          {typesOf(pkg).map((type, index) => (
            <PassengerFields key={index} index={index} type={type} travellers={travellers.data?.data ?? []} />
          ))}
        </section>
        <ContactFields />
        <section class="card">
          <PaymentFields canUseBalance={Boolean(claims?.agency_id)} />
          <p class="total">
            {t('packages.price')}: <strong data-testid="total">{money(total, pkg.currency)}</strong>
          </p>
          {error !== undefined && <ErrorView error={error} retry={() => void book(total)} />}
          <button type="submit" disabled={busy}>
            {busy ? t('book.booking') : t('book.submit', { amount: money(total, pkg.currency) })}
          </button>
        </section>
      </form>
    </>
  );
}
