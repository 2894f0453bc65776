import { useState } from 'preact/hooks';
import { api, unwrap } from '../api.ts';
import { dateTime } from '../format.ts';
import { t } from '../i18n/i18n.ts';
import { useStore } from '../store.ts';
import { Outcome, useOutcome } from '../ui/outcome.tsx';
import { ErrorView, Loading } from '../ui/states.tsx';
import { useAsync } from '../use-async.ts';
import { Agencies } from './office-agencies.tsx';
import { People, type Role } from './office-people.tsx';

/** Machine clients: made (the secret shown once), given a new secret, revoked. */
function Clients() {
  const list = useAsync(() => unwrap(api.GET('/clients', {})), []);
  const [secret, setSecret] = useState<{ id: string; secret: string } | undefined>();
  const { outcome, run } = useOutcome();
  const create = (event: Event) => {
    event.preventDefault();
    const element = event.currentTarget as HTMLFormElement;
    const name = String(new FormData(element).get('name'));
    void run(async () => {
      const made = await unwrap(api.POST('/create_client', { body: { name } }));
      if (made.client_secret) setSecret({ id: made.client_id, secret: made.client_secret });
      element.reset();
      list.retry();
      return undefined;
    });
  };
  return (
    <section class="card" aria-labelledby="clients-title">
      <h2 id="clients-title">{t('office.clients')}</h2>
      {list.loading && !list.data && <Loading />}
      {list.error !== undefined && <ErrorView error={list.error} retry={list.retry} />}
      {list.data?.data.length === 0 && <p>{t('office.noClients')}</p>}
      {list.data && list.data.data.length > 0 && (
        <ul data-testid="clients">
          {list.data.data.map((c) => (
            <li key={c.client_id}>
              <code>{c.client_id}</code> {c.name}
              {c.revoked_at ? (
                ` · ${t('office.revoked')}`
              ) : (
                <>
                  {' '}
                  <button
                    type="button"
                    class="secondary"
                    onClick={() =>
                      void run(async () => {
                        const rotated = await unwrap(
                          api.POST('/rotate_client_secret', { body: { client_id: c.client_id } }),
                        );
                        if (rotated.client_secret)
                          setSecret({ id: c.client_id, secret: rotated.client_secret });
                        return undefined;
                      })
                    }
                  >
                    {t('office.rotate')}
                  </button>{' '}
                  <button
                    type="button"
                    class="secondary"
                    onClick={() =>
                      void run(async () => {
                        await unwrap(api.POST('/revoke_client', { body: { client_id: c.client_id } }));
                        list.retry();
                        return undefined;
                      })
                    }
                  >
                    {t('office.revoke')}
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {secret && (
        <p role="status">
          {t('office.secretOnce')} <code>{secret.id}</code>{' '}
          <code data-testid="client-secret">{secret.secret}</code>
        </p>
      )}
      <form onSubmit={create} class="row">
        <label>
          {t('office.clientName')}
          <input name="name" required maxLength={200} />
        </label>
        <button type="submit" disabled={outcome.busy}>
          {t('office.createClient')}
        </button>
      </form>
      <Outcome outcome={outcome} />
    </section>
  );
}

/** The audit log, newest first, narrowed by action, a page at a time; and the same as CSV. */
function Audit() {
  const [action, setAction] = useState('');
  const [cursor, setCursor] = useState<string | undefined>();
  const page = useAsync(
    () =>
      unwrap(
        api.GET('/audit_events', {
          params: { query: { limit: 50, ...(action ? { action } : {}), ...(cursor ? { cursor } : {}) } },
        }),
      ),
    [action, cursor],
  );
  const download = async () => {
    const { data } = await api.GET('/audit_events', {
      params: { query: { limit: 500, format: 'csv', ...(action ? { action } : {}) } },
      parseAs: 'text',
    });
    const url = URL.createObjectURL(new Blob([String(data ?? '')], { type: 'text/csv' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: 'audit-events.csv' });
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <section class="card" aria-labelledby="audit-title">
      <h2 id="audit-title">{t('office.audit')}</h2>
      <form
        class="row"
        onSubmit={(event) => {
          event.preventDefault();
          setCursor(undefined);
          setAction(String(new FormData(event.currentTarget as HTMLFormElement).get('action')).trim());
        }}
      >
        <label>
          {t('office.auditFilter')}
          <input name="action" placeholder="sign_in" />
        </label>
        <button type="submit">{t('office.filter')}</button>
        <button type="button" class="secondary" onClick={() => void download()}>
          {t('office.csv')}
        </button>
      </form>
      {page.loading && !page.data && <Loading />}
      {page.error !== undefined && <ErrorView error={page.error} retry={page.retry} />}
      {page.data && (
        <table data-testid="audit">
          <thead>
            <tr>
              <th scope="col">{t('office.when')}</th>
              <th scope="col">{t('office.action')}</th>
              <th scope="col">{t('office.actor')}</th>
              <th scope="col">{t('office.target')}</th>
            </tr>
          </thead>
          <tbody>
            {page.data.data.map((e) => (
              <tr key={e.id}>
                <td>{dateTime(e.at)}</td>
                <td>{e.action}</td>
                <td>{e.actor.name ?? e.actor.type}</td>
                <td>{e.target ? `${e.target.type} ${e.target.id}` : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {page.data?.next_cursor && (
        <button
          type="button"
          class="secondary"
          onClick={() => setCursor(page.data?.next_cursor ?? undefined)}
        >
          {t('office.more')}
        </button>
      )}
    </section>
  );
}

/** The back office: people, machine clients and the audit log, of the agency or of everything. */
export function OfficePage() {
  const { claims } = useStore();
  const roles: readonly Role[] =
    claims?.role === 'admin' ? ['customer', 'agent', 'agency_admin', 'admin'] : ['agent', 'agency_admin'];
  return (
    <>
      <h1>{t('office.title')}</h1>
      <Agencies admin={claims?.role === 'admin'} />
      <People roles={roles} />
      <Clients />
      <Audit />
    </>
  );
}
