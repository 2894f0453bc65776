import { api, type components, unwrap } from '../api.ts';
import { money } from '../format.ts';
import { type MessageKey, t } from '../i18n/i18n.ts';
import { navigate, useLocation } from '../router.ts';
import { useStore } from '../store.ts';
import { Link } from '../ui/link.tsx';
import { Picture } from '../ui/picture.tsx';
import { EmptyResults, ErrorView, Loading } from '../ui/states.tsx';
import { useAsync } from '../use-async.ts';

type Request = components['schemas']['SearchHotelsRequest'];
type Result = components['schemas']['HotelResult'];

/** The stay an address describes: dates and rooms (each with the adults given). */
export function stayFrom(query: URLSearchParams): Pick<Request, 'check_in' | 'check_out' | 'rooms'> {
  const rooms = Math.max(1, Number(query.get('rooms') ?? 1));
  const adults = Math.max(1, Number(query.get('adults') ?? 2));
  return {
    check_in: query.get('in') ?? '',
    check_out: query.get('out') ?? '',
    rooms: Array.from({ length: rooms }, (_, i) => ({
      adults: Math.max(1, Math.floor(adults / rooms) + (i < adults % rooms ? 1 : 0)),
    })),
  };
}

function stayQuery(query: URLSearchParams): string {
  const keep = new URLSearchParams();
  for (const name of ['in', 'out', 'adults', 'rooms']) keep.set(name, query.get(name) ?? '');
  return keep.toString();
}

function cheapest(result: Result): string {
  const converted = result.cheapest_in_currency;
  return converted?.amount != null && converted.currency !== result.currency
    ? money(converted.amount, converted.currency)
    : money(result.cheapest_total_amount, result.currency);
}

export function HotelResultsPage() {
  const { query } = useLocation();
  const { displayCurrency } = useStore();
  const sort = (query.get('sort') as Request['sort']) || 'price';
  const stars = query.getAll('stars').map(Number);
  const refundable = query.get('refundable') === '1';
  const board = query.get('board') as NonNullable<NonNullable<Request['filters']>['boards']>[number] | null;
  const result = useAsync(
    () =>
      unwrap(
        api.POST('/search_hotels', {
          body: {
            ...stayFrom(query),
            destination: { city_id: query.get('city') ?? '' },
            sort,
            limit: 30,
            options: 'cheapest_per_room_type',
            ...(displayCurrency ? { currency: displayCurrency } : {}),
            filters: {
              ...(stars.length > 0 ? { stars } : {}),
              ...(refundable ? { refundable_only: true } : {}),
              ...(board ? { boards: [board] } : {}),
            },
          },
        }),
      ),
    [query.toString(), displayCurrency],
  );
  const refine = (change: (q: URLSearchParams) => void) => {
    const next = new URLSearchParams(query);
    change(next);
    navigate(`/hotels/results?${next}`, { replace: true });
  };
  return (
    <>
      <h1>
        {t('nav.hotels')}: {query.get('name')}
      </h1>
      <div class="results-layout">
        <aside class="filters card" aria-label={t('results.sort')}>
          <label>
            {t('results.sort')}
            <select
              value={sort}
              onChange={(e) => refine((q) => q.set('sort', (e.currentTarget as HTMLSelectElement).value))}
            >
              {(['price', '-price', '-stars', 'stars'] as const).map((s) => (
                <option key={s} value={s}>
                  {t(`sort.${s}` as MessageKey)}
                </option>
              ))}
            </select>
          </label>
          <fieldset>
            <legend>{t('hotels.stars')}</legend>
            {[5, 4, 3, 2, 1].map((n) => (
              <label class="radio" key={n}>
                <input
                  type="checkbox"
                  checked={stars.includes(n)}
                  onChange={(e) =>
                    refine((q) => {
                      const keep = stars.filter((s) => s !== n);
                      if ((e.currentTarget as HTMLInputElement).checked) keep.push(n);
                      q.delete('stars');
                      for (const s of keep) q.append('stars', String(s));
                    })
                  }
                />
                {'★'.repeat(n)}
                <span class="visually-hidden">{n}</span>
              </label>
            ))}
          </fieldset>
          <label class="radio">
            <input
              type="checkbox"
              checked={refundable}
              onChange={(e) =>
                refine((q) =>
                  (e.currentTarget as HTMLInputElement).checked
                    ? q.set('refundable', '1')
                    : q.delete('refundable'),
                )
              }
            />
            {t('hotels.refundableOnly')}
          </label>
          <label>
            {t('hotels.board')}
            <select
              value={board ?? ''}
              onChange={(e) =>
                refine((q) => {
                  const v = (e.currentTarget as HTMLSelectElement).value;
                  v ? q.set('board', v) : q.delete('board');
                })
              }
            >
              <option value="">—</option>
              {(['room_only', 'bed_and_breakfast', 'half_board', 'full_board', 'all_inclusive'] as const).map(
                (b) => (
                  <option key={b} value={b}>
                    {t(`board.${b}`)}
                  </option>
                ),
              )}
            </select>
          </label>
        </aside>
        <section class="results" aria-busy={result.loading}>
          {result.loading && <Loading />}
          {result.error !== undefined && <ErrorView error={result.error} retry={result.retry} />}
          {result.data && result.data.data.length === 0 && <EmptyResults />}
          {result.data && result.data.data.length > 0 && (
            <>
              <p role="status">{t('results.count', { count: result.data.total_count })}</p>
              <ul class="offers">
                {result.data.data.map((r) => (
                  <li class="card hotel" key={r.hotel.id}>
                    {r.hotel.image && (
                      <Picture class="hotel-picture" src={r.hotel.image} alt={r.hotel.name} sizes="320px" />
                    )}
                    <h2>
                      <Link href={`/hotels/${r.hotel.id}?${stayQuery(query)}`}>{r.hotel.name}</Link>
                    </h2>
                    <p>
                      <span aria-hidden="true">{'★'.repeat(r.hotel.stars)}</span>
                      <span class="visually-hidden">{`${r.hotel.stars} ${t('hotels.stars')}`}</span> ·{' '}
                      {r.hotel.address}
                    </p>
                    {r.hotel.review_score !== null && (
                      <p class="score">
                        {t('reviews.score', {
                          score: r.hotel.review_score.toFixed(1),
                          count: r.hotel.review_count,
                        })}
                      </p>
                    )}
                    <p class="price">{t('hotel.from', { amount: cheapest(r) })}</p>
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      </div>
    </>
  );
}
