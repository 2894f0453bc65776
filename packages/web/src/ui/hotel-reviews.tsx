import { api, unwrap } from '../api.ts';
import { date } from '../format.ts';
import { t } from '../i18n/i18n.ts';
import { useAsync } from '../use-async.ts';
import { ErrorView, Loading } from './states.tsx';

/** A hotel's published reviews: its score and count, then the newest first. */
export function HotelReviews(props: { hotelId: string }) {
  const reviews = useAsync(
    () => unwrap(api.GET('/hotel_reviews', { params: { query: { hotel_id: props.hotelId, limit: 10 } } })),
    [props.hotelId],
  );
  const data = reviews.data;
  return (
    <section class="reviews" aria-labelledby="reviews-title">
      <h2 id="reviews-title">{t('reviews.title')}</h2>
      {reviews.loading && <Loading />}
      {reviews.error !== undefined && <ErrorView error={reviews.error} retry={reviews.retry} />}
      {data && data.review_count === 0 && <p>{t('reviews.none')}</p>}
      {data && data.review_score !== null && (
        <p class="score">
          {t('reviews.score', { score: data.review_score.toFixed(1), count: data.review_count ?? 0 })}
        </p>
      )}
      <ul>
        {data?.data.map((r) => (
          <li class="card review" key={r.id} lang={r.language}>
            <h3>
              <span class="badge">{r.score}/10</span> {r.title}
            </h3>
            <p>{r.text}</p>
            <p class="hint">
              {r.author} · {date(`${r.stayed_in}-01`)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
