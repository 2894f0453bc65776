import { useState } from 'preact/hooks';
import { api, unwrap } from '../api.ts';
import { daysFromToday } from '../format.ts';
import { t } from '../i18n/i18n.ts';
import { navigate } from '../router.ts';
import { PlaceInput, type Suggestion } from '../ui/place-input.tsx';

type Trip = 'one_way' | 'return' | 'multi_city';
interface SliceDraft {
  from?: Suggestion | undefined;
  to?: Suggestion | undefined;
  date: string;
}

/** Airports and cities for a text; a city stands for all its airports. */
async function suggestPlaces(text: string): Promise<Suggestion[]> {
  const { data } = await unwrap(api.GET('/b2c/places', { params: { query: { q: text, limit: 6 } } }));
  return data.map((place) => ({
    id: place.type === 'airport' ? (place.iata ?? place.id) : (place.city_id ?? place.id),
    label: place.type === 'airport' ? `${place.name} (${place.iata})` : place.name,
    detail: place.type === 'airport' ? `${place.city_name ?? ''} ${place.country_code}` : place.country_code,
  }));
}

/** The search as the results page's address, so a search can be bookmarked, shared and gone back to. */
function resultsUrl(trip: Trip, slices: SliceDraft[], form: FormData): string {
  const query = new URLSearchParams({ trip });
  for (const slice of slices)
    query.append(
      's',
      [slice.from?.id, slice.to?.id, slice.date, slice.from?.label, slice.to?.label].join('|'),
    );
  for (const name of ['adults', 'children', 'infants', 'cabin'])
    query.set(name, String(form.get(name) ?? ''));
  return `/flights/results?${query}`;
}

export function FlightSearchForm() {
  const [trip, setTrip] = useState<Trip>('return');
  const [slices, setSlices] = useState<SliceDraft[]>([
    { date: daysFromToday(14) },
    { date: daysFromToday(21) },
  ]);
  const [problem, setProblem] = useState<string | undefined>();
  const update = (index: number, change: Partial<SliceDraft>) =>
    setSlices((all) => all.map((s, i) => (i === index ? { ...s, ...change } : s)));
  const shown = trip === 'multi_city' ? slices : slices.slice(0, 1);

  const submit = (event: Event) => {
    event.preventDefault();
    const wanted: SliceDraft[] =
      trip === 'return' && slices[0]
        ? [slices[0], { from: slices[0].to, to: slices[0].from, date: slices[1]?.date ?? slices[0].date }]
        : shown;
    if (wanted.some((s) => !s.from || !s.to)) {
      setProblem(`${t('flights.from')} / ${t('flights.to')}`);
      return;
    }
    navigate(resultsUrl(trip, wanted, new FormData(event.currentTarget as HTMLFormElement)));
  };

  return (
    <form class="card search-form" onSubmit={submit} aria-labelledby="flight-search-title">
      <h2 id="flight-search-title">{t('flights.title')}</h2>
      <fieldset class="trip-type">
        <legend class="visually-hidden">{t('flights.title')}</legend>
        {(['return', 'one_way', 'multi_city'] as const).map((kind) => (
          <label key={kind} class="radio">
            <input
              type="radio"
              name="trip"
              value={kind}
              checked={trip === kind}
              onChange={() => setTrip(kind)}
            />
            {t(
              kind === 'one_way'
                ? 'flights.oneWay'
                : kind === 'return'
                  ? 'flights.return'
                  : 'flights.multiCity',
            )}
          </label>
        ))}
      </fieldset>
      {shown.map((slice, index) => (
        <div class="slice-row" key={index}>
          <PlaceInput
            label={t('flights.from')}
            name={`from-${index}`}
            initial={slice.from}
            suggest={suggestPlaces}
            onChoose={(from) => update(index, { from })}
          />
          <PlaceInput
            label={t('flights.to')}
            name={`to-${index}`}
            initial={slice.to}
            suggest={suggestPlaces}
            onChoose={(to) => update(index, { to })}
          />
          <label>
            {t('flights.depart')}
            <input
              type="date"
              name={`date-${index}`}
              required
              min={daysFromToday(0)}
              value={slice.date}
              onInput={(e) => update(index, { date: (e.currentTarget as HTMLInputElement).value })}
            />
          </label>
          {trip === 'return' && (
            <label>
              {t('flights.returnDate')}
              <input
                type="date"
                name="return-date"
                required
                min={slice.date}
                value={slices[1]?.date}
                onInput={(e) => update(1, { date: (e.currentTarget as HTMLInputElement).value })}
              />
            </label>
          )}
          {trip === 'multi_city' && shown.length > 2 && (
            <button
              type="button"
              class="link"
              onClick={() => setSlices((all) => all.filter((_, i) => i !== index))}
            >
              {t('flights.removeFlight')}
            </button>
          )}
        </div>
      ))}
      {trip === 'multi_city' && shown.length < 6 && (
        <button
          type="button"
          class="secondary"
          onClick={() => setSlices((all) => [...all, { date: daysFromToday(28) }])}
        >
          {t('flights.addFlight')}
        </button>
      )}
      <div class="row">
        <label>
          {t('flights.adults')}
          <input type="number" name="adults" min="1" max="9" value="1" required />
        </label>
        <label>
          {t('flights.children')}
          <input type="number" name="children" min="0" max="8" value="0" />
        </label>
        <label>
          {t('flights.infants')}
          <input type="number" name="infants" min="0" max="4" value="0" />
        </label>
        <label>
          {t('flights.cabin')}
          <select name="cabin">
            {(['economy', 'premium_economy', 'business', 'first'] as const).map((cabin) => (
              <option key={cabin} value={cabin}>
                {t(`cabin.${cabin}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {problem && (
        <p class="error" role="alert">
          {problem}
        </p>
      )}
      <button type="submit">{t('search.submit')}</button>
    </form>
  );
}
