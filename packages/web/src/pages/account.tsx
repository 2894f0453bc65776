import { useState } from 'preact/hooks';
import { api, ProblemError, unwrap } from '../api.ts';
import { t } from '../i18n/i18n.ts';
import { useStore } from '../store.ts';
import { Link } from '../ui/link.tsx';
import { NewPasswordFields } from '../ui/new-password-fields.tsx';
import { SecondFactorCard } from './second-factor.tsx';

/** The signed-in person's account: who they are, and changing their password. */
export function AccountPage() {
  const { claims } = useStore();
  const [state, setState] = useState<'choosing' | 'busy' | 'done' | 'mismatch' | 'wrong' | 'failed'>(
    'choosing',
  );
  const submit = async (event: Event) => {
    event.preventDefault();
    const formElement = event.currentTarget as HTMLFormElement;
    const form = new FormData(formElement);
    const next = String(form.get('password'));
    if (next !== String(form.get('repeat'))) return setState('mismatch');
    setState('busy');
    try {
      await unwrap(
        api.POST('/change_password', {
          body: { current_password: String(form.get('current')), new_password: next },
        }),
      );
      formElement.reset();
      setState('done');
    } catch (error) {
      setState(error instanceof ProblemError && error.status === 400 ? 'wrong' : 'failed');
    }
  };
  return (
    <>
      <h1>{t('account.title')}</h1>
      <p>
        {claims?.username} · {claims?.role}
      </p>
      <p>
        <Link href="/account/travellers">{t('travellers.title')}</Link>
      </p>
      <form class="card sign-in" onSubmit={submit} aria-labelledby="change-password-title">
        <h2 id="change-password-title">{t('account.changePassword')}</h2>
        <label>
          {t('account.current')}
          <input name="current" type="password" autocomplete="current-password" required />
        </label>
        <NewPasswordFields />
        {state === 'done' && <p role="status">{t('account.changed')}</p>}
        {(state === 'mismatch' || state === 'wrong' || state === 'failed') && (
          <p class="error" role="alert">
            {state === 'mismatch'
              ? t('reset.mismatch')
              : state === 'wrong'
                ? t('account.wrongCurrent')
                : t('reset.tryLater')}
          </p>
        )}
        <button type="submit" disabled={state === 'busy'}>
          {t('reset.save')}
        </button>
      </form>
      <SecondFactorCard />
    </>
  );
}
