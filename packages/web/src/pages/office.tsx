import { useState } from 'preact/hooks';
import { api, type components, unwrap } from '../api.ts';
import { dateTime } from '../format.ts';
import { currentLanguage, t } from '../i18n/i18n.ts';
import { useStore } from '../store.ts';
import { ErrorView, Loading } from '../ui/states.tsx';
import { useAsync } from '../use-async.ts';

type Account = components['schemas']['UserAccount'];
type Role = 'customer' | 'agent' | 'agency_admin' | 'admin';

/** Runs an action, keeping its outcome for the card to say. */
function useOutcome() {
  const [outcome, setOutcome] = useState<{ done?: string; error?: unknown; busy?: boolean }>({});
  const run = async (action: () => Promise<string | undefined>) => {
    setOutcome({ busy: true });
    try {
      setOutcome({ done: (await action()) ?? t('office.done') });
    } catch (error) {
      setOutcome({ error });
    }
  };
  return { outcome, run };
}

function Outcome(props: { outcome: ReturnType<typeof useOutcome>['outcome'] }) {
  if (props.outcome.error !== undefined) return <ErrorView error={props.outcome.error} />;
  return props.outcome.done ? <p role="status">{props.outcome.done}</p> : null;
}

/** The people of the agency (an agency admin) or of the installation (an admin): invited, changed, stopped. */
function People(props: { roles: readonly Role[] }) {
  const list = useAsync(() => unwrap(api.GET('/users', { params: { query: { limit: 100 } } })), []);
  const { outcome, run } = useOutcome();
  const act = (action: () => Promise<unknown>) =>
    run(async () => {
      await action();
      list.retry();
      return undefined;
    });
  const invite = (event: Event) => {
    event.preventDefault();
    const element = event.currentTarget as HTMLFormElement;
    const form = new FormData(element);
    const email = String(form.get('email'));
    void run(async () => {
      await unwrap(
        api.POST('/invite_user', {
          body: {
            username: String(form.get('username')),
            email,
            role: String(form.get('role')) as Role,
            language: currentLanguage(),
            ...(form.get('agency') ? { agency: String(form.get('agency')) } : {}),
          },
        }),
      );
      element.reset();
      list.retry();
      return t('office.invited', { email });
    });
  };
  const update = (user: Account, changes: { role?: Role; disabled?: boolean }) =>
    act(() => unwrap(api.POST('/update_user', { body: { user_id: user.id, ...changes } })));
  return (
    <section class="card" aria-labelledby="people-title">
      <h2 id="people-title">{t('office.people')}</h2>
      {list.loading && !list.data && <Loading />}
      {list.error !== undefined && <ErrorView error={list.error} retry={list.retry} />}
      {list.data && (
        <table data-testid="people">
          <thead>
            <tr>
              <th scope="col">{t('office.username')}</th>
              <th scope="col">{t('book.email')}</th>
              <th scope="col">{t('office.role')}</th>
              <th scope="col">{t('office.status')}</th>
              <th scope="col">
                <span class="visually-hidden">{t('office.action')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.data
              .filter((u) => !u.client_id)
              .map((u) => (
                <tr key={u.id}>
                  <td>{u.username}</td>
                  <td>{u.email ?? '—'}</td>
                  <td>
                    {props.roles.includes(u.role as Role) ? (
                      <select
                        aria-label={`${t('office.role')}: ${u.username}`}
                        value={u.role}
                        onChange={(e) =>
                          void update(u, { role: (e.currentTarget as HTMLSelectElement).value as Role })
                        }
                      >
                        {props.roles.map((r) => (
                          <option key={r} value={r}>
                            {t(`office.role.${r}`)}
                          </option>
                        ))}
                      </select>
                    ) : (
                      t(`office.role.${u.role as Role}`)
                    )}
                  </td>
                  <td>{u.disabled ? t('office.disabledState') : t('office.active')}</td>
                  <td>
                    <button
                      type="button"
                      class="secondary"
                      onClick={() => void update(u, { disabled: !u.disabled })}
                    >
                      {u.disabled ? t('office.enableUser') : t('office.disableUser')}
                    </button>{' '}
                    <button
                      type="button"
                      class="secondary"
                      onClick={() =>
                        void act(() => unwrap(api.POST('/end_user_sessions', { body: { user_id: u.id } })))
                      }
                    >
                      {t('office.endSessions')}
                    </button>{' '}
                    <button
                      type="button"
                      class="secondary"
                      onClick={() =>
                        void act(() => unwrap(api.POST('/reset_second_factor', { body: { user_id: u.id } })))
                      }
                    >
                      {t('office.resetFactor')}
                    </button>
                  </td>
                </tr>
              ))}
          </tbody>
        </table>
      )}
      <form onSubmit={invite} aria-labelledby="invite-title">
        <h3 id="invite-title">{t('office.invite')}</h3>
        <div class="row">
          <label>
            {t('office.username')}
            <input name="username" required minLength={3} autocomplete="off" />
          </label>
          <label>
            {t('book.email')}
            <input name="email" type="email" required autocomplete="off" />
          </label>
          <label>
            {t('office.role')}
            <select name="role">
              {props.roles.map((r) => (
                <option key={r} value={r}>
                  {t(`office.role.${r}`)}
                </option>
              ))}
            </select>
          </label>
          {props.roles.includes('admin') && (
            <label>
              {t('office.agency')}
              <input name="agency" autocomplete="organization" />
            </label>
          )}
        </div>
        <button type="submit" disabled={outcome.busy}>
          {t('office.invite')}
        </button>
      </form>
      <Outcome outcome={outcome} />
    </section>
  );
}

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
      <People roles={roles} />
      <Clients />
      <Audit />
    </>
  );
}
