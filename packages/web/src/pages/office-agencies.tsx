import { api, type components, unwrap } from '../api.ts';
import { t } from '../i18n/i18n.ts';
import { Outcome, useOutcome } from '../ui/outcome.tsx';
import { ErrorView, Loading } from '../ui/states.tsx';
import { useAsync } from '../use-async.ts';

type Agency = components['schemas']['Agency'];

/** An agency admin's own agency: its name, whom it is reached at, and what its invoices print. */
function AgencyDetails(props: { agency: Agency; onSaved: () => void }) {
  const a = props.agency;
  const { outcome, run } = useOutcome();
  const submit = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const text = (name: string) => {
      const value = String(form.get(name) ?? '').trim();
      return value === '' ? null : value;
    };
    void run(async () => {
      await unwrap(
        api.POST('/update_agency', {
          body: {
            agency_id: a.id,
            name: String(text('name') ?? a.name),
            contact_email: text('contact_email'),
            contact_phone: text('contact_phone'),
            billing_address: text('billing_address'),
            vat_id: text('vat_id'),
          },
        }),
      );
      props.onSaved();
      return undefined;
    });
  };
  return (
    <form onSubmit={submit} key={a.id}>
      <div class="row">
        <label>
          {t('office.clientName')}
          <input name="name" required defaultValue={a.name} />
        </label>
        <label>
          {t('book.email')}
          <input name="contact_email" type="email" defaultValue={a.contact_email ?? ''} />
        </label>
        <label>
          {t('book.phone')}
          <input
            name="contact_phone"
            type="tel"
            pattern="\+[1-9][0-9]{6,14}"
            defaultValue={a.contact_phone ?? ''}
          />
        </label>
      </div>
      <div class="row">
        <label>
          {t('office.billingAddress')}
          <input name="billing_address" defaultValue={a.billing_address ?? ''} />
        </label>
        <label>
          {t('office.vatId')}
          <input name="vat_id" pattern="[A-Z]{2}[A-Z0-9+*.]{2,13}" defaultValue={a.vat_id ?? ''} />
        </label>
      </div>
      <button type="submit" disabled={outcome.busy}>
        {t('travellers.save')}
      </button>
      <Outcome outcome={outcome} />
    </form>
  );
}

/** Agencies: an admin sees them all and suspends or reinstates one; an agency admin keeps its own current. */
export function Agencies(props: { admin: boolean }) {
  const list = useAsync(() => unwrap(api.GET('/agencies', {})), []);
  const { outcome, run } = useOutcome();
  const toggle = (a: Agency) =>
    run(async () => {
      if (a.suspended_at) await unwrap(api.POST('/reinstate_agency', { body: { agency_id: a.id } }));
      else await unwrap(api.POST('/suspend_agency', { body: { agency_id: a.id } }));
      list.retry();
      return undefined;
    });
  return (
    <section class="card" aria-labelledby="agencies-title">
      <h2 id="agencies-title">{props.admin ? t('office.agencies') : t('office.agency')}</h2>
      {list.loading && !list.data && <Loading />}
      {list.error !== undefined && <ErrorView error={list.error} retry={list.retry} />}
      {list.data && !props.admin && list.data.data[0] && (
        <AgencyDetails agency={list.data.data[0]} onSaved={list.retry} />
      )}
      {list.data && props.admin && (
        <table data-testid="agencies">
          <thead>
            <tr>
              <th scope="col">{t('office.agency')}</th>
              <th scope="col">{t('book.email')}</th>
              <th scope="col">{t('office.status')}</th>
              <th scope="col">
                <span class="visually-hidden">{t('office.action')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.data.map((a) => (
              <tr key={a.id}>
                <td>{a.name}</td>
                <td>{a.contact_email ?? '—'}</td>
                <td>{a.suspended_at ? t('office.suspended') : t('office.active')}</td>
                <td>
                  <button type="button" class="secondary" onClick={() => void toggle(a)}>
                    {a.suspended_at ? t('office.reinstate') : t('office.suspend')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Outcome outcome={outcome} />
    </section>
  );
}
