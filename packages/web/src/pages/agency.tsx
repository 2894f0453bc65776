import { api, unwrap } from '../api.ts';
import { money } from '../format.ts';
import { t } from '../i18n/i18n.ts';
import { ErrorView, Loading } from '../ui/states.tsx';
import { useAsync } from '../use-async.ts';
import { BookingList } from './trips.tsx';

/** An agent's desk: the agency's balance and credit, and every booking the agency made. */
export function AgencyPage() {
  const balance = useAsync(() => unwrap(api.GET('/balance')), []);
  return (
    <>
      <h1>{t('agency.title')}</h1>
      <section class="card">
        {balance.loading && <Loading />}
        {balance.error !== undefined && <ErrorView error={balance.error} retry={balance.retry} />}
        {balance.data && (
          <dl class="figures">
            <dt>{t('agency.balance')}</dt>
            <dd data-testid="balance">{money(balance.data.balance, balance.data.currency)}</dd>
            <dt>{t('agency.credit')}</dt>
            <dd>{money(balance.data.credit_limit, balance.data.currency)}</dd>
            <dt>{t('agency.available')}</dt>
            <dd>{money(balance.data.available, balance.data.currency)}</dd>
          </dl>
        )}
      </section>
      <h2>{t('agency.bookings')}</h2>
      <h3>{t('trips.flights')}</h3>
      <BookingList product="flight" />
      <h3>{t('trips.hotels')}</h3>
      <BookingList product="hotel" />
    </>
  );
}
