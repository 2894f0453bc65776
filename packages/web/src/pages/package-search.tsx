import { useState } from 'preact/hooks';
import { api, type components, unwrap } from '../api.ts';
import { date, daysFromToday, localTime, money } from '../format.ts';
import { type MessageKey, t } from '../i18n/i18n.ts';
import { navigate, useLocation } from '../router.ts';
import { setState } from '../store.ts';
import { Picture } from '../ui/picture.tsx';
import { PlaceInput, type Suggestion } from '../ui/place-input.tsx';
import { EmptyResults, ErrorView, Loading } from '../ui/states.tsx';
import { useAsync } from '../use-async.ts';

type TripPackage = components['schemas']['TripPackage'];

async function suggestOrigins(text: string): Promise<Suggestion[]> {
  const { data } = await unwrap(api.GET('/b2c/places', { params: { query: { q: text, limit: 6 } } }));
  return data.map((place) => ({
    id: place.type === 'airport' ? (place.iata ?? place.id) : (place.city_id ?? place.id),
    label: place.type === 'airport' ? `${place.name} (${place.iata})` : place.name,
    detail: place.type === 'airport' ? `${place.city_name ?? ''} ${place.country_code}` : place.country_code,
  }));
}

async function suggestCities(text: string): Promise<Suggestion[]> {
  const { data } = await unwrap(api.GET('/b2c/destinations', { params: { query: { q: text, limit: 8 } } }));
  return data
    .filter((d) => d.type !== 'hotel')
    .map((d) => ({ id: d.city_id, label: d.name, detail: d.country_code }));
}

/** Flights and a stay searched together: `/packages/results?from=…&city=…&out=…&back=…&adults=…&rooms=…`. */
export function PackageSearchForm() {
  const [from, setFrom] = useState<Suggestion | undefined>();
  const [to, setTo] = useState<Suggestion | undefined>();
  const [out, setOut] = useState(daysFromToday(30));
  const [problem, setProblem] = useState(false);
  const submit = (event: Event) => {
    event.preventDefault();
    if (!from || !to) {
      setProblem(true);
      return;
    }
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const query = new URLSearchParams({
      from: from.id,
      city: to.id,
      name: to.label,
      out: String(form.get('out')),
      back: String(form.get('back')),
      adults: String(form.get('adults')),
      rooms: String(form.get('rooms')),
    });
    navigate(`/packages/results?${query}`);
  };
  return (
    <form class="card search-form" onSubmit={submit} aria-labelledby="package-search-title">
      <h2 id="package-search-title">{t('packages.title')}</h2>
      <div class="row">
        <PlaceInput label={t('packages.from')} name="from" suggest={suggestOrigins} onChoose={setFrom} />
        <PlaceInput label={t('packages.to')} name="city" suggest={suggestCities} onChoose={setTo} />
      </div>
      <div class="row">
        <label>
          {t('packages.depart')}
          <input
            type="date"
            name="out"
            required
            min={daysFromToday(1)}
            value={out}
            onInput={(e) => setOut((e.currentTarget as HTMLInputElement).value)}
          />
        </label>
        <label>
          {t('packages.back')}
          <input type="date" name="back" required min={out} value={daysFromToday(34)} />
        </label>
        <label>
          {t('hotels.adults')}
          <input type="number" name="adults" min="1" max="9" value="2" required />
        </label>
        <label>
          {t('hotels.rooms')}
          <input type="number" name="rooms" min="1" max="4" value="1" required />
        </label>
      </div>
      {problem && (
        <p class="error" role="alert">
          {t('packages.from')} / {t('packages.to')}
        </p>
      )}
      <button type="submit">{t('search.submit')}</button>
    </form>
  );
}

/** Outbound and return as one line each: flight numbers, local times, stops. */
function flightLines(pkg: TripPackage) {
  return pkg.flight.slices.map((slice) => {
    const first = slice.segments[0]!;
    const last = slice.segments[slice.segments.length - 1]!;
    return (
      <li key={slice.departure_date + slice.origin}>
        {date(slice.departure_date)} · {slice.segments.map((s) => s.flight_number).join(', ')} ·{' '}
        {localTime(first.departing_at, first.origin_time_zone)} {slice.origin} →{' '}
        {localTime(last.arriving_at, last.destination_time_zone)} {slice.destination}
      </li>
    );
  });
}

/** Packages for the search in the address, cheapest first: the hotel, its room, the flights, one price. */
export function PackageResultsPage() {
  const { query } = useLocation();
  const result = useAsync(
    () =>
      unwrap(
        api.POST('/search_trips', {
          body: {
            origin: query.get('from') ?? '',
            destination: { city_id: query.get('city') ?? '' },
            departure_date: query.get('out') ?? '',
            return_date: query.get('back') ?? '',
            travellers: { adults: Math.max(1, Number(query.get('adults') ?? 2)) },
            rooms: Math.max(1, Number(query.get('rooms') ?? 1)),
            cabin: 'economy',
            max_connections: 1,
            limit: 30,
          },
        }),
      ),
    [query.toString()],
  );
  const choose = (pkg: TripPackage) => {
    setState({ chosenPackage: { pkg, search: query.toString() } });
    navigate('/packages/book');
  };
  return (
    <>
      <h1>
        {t('packages.title')}: {query.get('name')}
      </h1>
      <section class="results" aria-busy={result.loading}>
        {result.loading && <Loading />}
        {result.error !== undefined && <ErrorView error={result.error} retry={result.retry} />}
        {result.data && result.data.data.length === 0 && <EmptyResults />}
        {result.data && result.data.data.length > 0 && (
          <>
            <p role="status">{t('packages.found', { count: result.data.total_count })}</p>
            <ul class="offers">
              {result.data.data.map((pkg) => {
                const { hotel } = pkg.hotel;
                const option = pkg.hotel.options[0]!;
                return (
                  <li class="card hotel package" key={pkg.package_id}>
                    {hotel.image && (
                      <Picture class="hotel-picture" src={hotel.image} alt={hotel.name} sizes="320px" />
                    )}
                    <h2>{hotel.name}</h2>
                    <p>
                      <span aria-hidden="true">{'★'.repeat(hotel.stars)}</span>
                      <span class="visually-hidden">{`${hotel.stars} ${t('hotels.stars')}`}</span> ·{' '}
                      {option.room_type.name} · {t(`board.${option.board}` as MessageKey)}
                    </p>
                    <p>
                      {t('packages.stay', {
                        nights: pkg.stay.nights,
                        from: date(pkg.stay.check_in),
                        to: date(pkg.stay.check_out),
                      })}
                    </p>
                    <ul class="package-flights">{flightLines(pkg)}</ul>
                    <p class="price">
                      {t('packages.price')}: <strong>{money(pkg.total_amount, pkg.currency)}</strong>
                    </p>
                    <button type="button" onClick={() => choose(pkg)}>
                      {t('packages.choose')}
                    </button>
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </section>
    </>
  );
}
