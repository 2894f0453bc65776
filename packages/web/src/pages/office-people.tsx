import { api, type components, unwrap } from '../api.ts';
import { currentLanguage, t } from '../i18n/i18n.ts';
import { Outcome, useOutcome } from '../ui/outcome.tsx';
import { ErrorView, Loading } from '../ui/states.tsx';
import { useAsync } from '../use-async.ts';

type Account = components['schemas']['UserAccount'];
export type Role = 'customer' | 'agent' | 'agency_admin' | 'admin';

/** The people of the agency (an agency admin) or of the installation (an admin): invited, changed, stopped. */
export function People(props: { roles: readonly Role[] }) {
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
