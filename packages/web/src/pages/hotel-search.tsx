import { useState } from 'preact/hooks';
import { api, unwrap } from '../api.ts';
import { daysFromToday } from '../format.ts';
import { t } from '../i18n/i18n.ts';
import { navigate } from '../router.ts';
import { PlaceInput, type Suggestion } from '../ui/place-input.tsx';

async function suggestDestinations(text: string): Promise<Suggestion[]> {
  const { data } = await unwrap(api.GET('/b2c/destinations', { params: { query: { q: text, limit: 6 } } }));
  return data.map((d) => ({
    id: d.type === 'hotel' ? `hotel:${d.id}` : `city:${d.city_id}`,
    label: d.type === 'hotel' ? `${d.name}, ${d.city_name}` : d.name,
    detail:
      d.type === 'hotel'
        ? `${'★'.repeat(d.stars ?? 0)}`
        : `${d.country_code}${d.hotel_count ? ` · ${d.hotel_count}` : ''}`,
  }));
}

/** A stay's address: `/hotels/results?city=…` or, for one hotel, its page. */
export function HotelSearchForm() {
  const [destination, setDestination] = useState<Suggestion | undefined>();
  const [checkIn, setCheckIn] = useState(daysFromToday(30));
  const [problem, setProblem] = useState(false);
  const submit = (event: Event) => {
    event.preventDefault();
    if (!destination) {
      setProblem(true);
      return;
    }
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const stay = new URLSearchParams({
      in: String(form.get('check_in')),
      out: String(form.get('check_out')),
      adults: String(form.get('adults')),
      rooms: String(form.get('rooms')),
      name: destination.label,
    });
    const [kind, id = ''] = destination.id.split(':');
    if (kind === 'hotel') navigate(`/hotels/${encodeURIComponent(id)}?${stay}`);
    else navigate(`/hotels/results?city=${encodeURIComponent(id)}&${stay}`);
  };
  return (
    <form class="card search-form" onSubmit={submit} aria-labelledby="hotel-search-title">
      <h2 id="hotel-search-title">{t('hotels.title')}</h2>
      <PlaceInput
        label={t('hotels.destination')}
        name="destination"
        suggest={suggestDestinations}
        onChoose={setDestination}
      />
      <div class="row">
        <label>
          {t('hotels.checkIn')}
          <input
            type="date"
            name="check_in"
            required
            min={daysFromToday(0)}
            value={checkIn}
            onInput={(e) => setCheckIn((e.currentTarget as HTMLInputElement).value)}
          />
        </label>
        <label>
          {t('hotels.checkOut')}
          <input type="date" name="check_out" required min={checkIn} value={daysFromToday(33)} />
        </label>
        <label>
          {t('hotels.adults')}
          <input type="number" name="adults" min="1" max="8" value="2" required />
        </label>
        <label>
          {t('hotels.rooms')}
          <input type="number" name="rooms" min="1" max="5" value="1" required />
        </label>
      </div>
      {problem && (
        <p class="error" role="alert">
          {t('hotels.destination')}
        </p>
      )}
      <button type="submit">{t('search.submit')}</button>
    </form>
  );
}
