import { useState } from 'preact/hooks';
import { type ProblemError, session } from '../api.ts';
import { t } from '../i18n/i18n.ts';
import { navigate, useLocation } from '../router.ts';
import { setState } from '../store.ts';
import { Link } from '../ui/link.tsx';

/** Username and password; on success the session is held and `onSignedIn` runs. */
export function SignInForm(props: { onSignedIn: () => void }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  const submit = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    setBusy(true);
    setFailure(undefined);
    try {
      const claims = await session.signIn(String(form.get('username')), String(form.get('password')));
      setState({ claims });
      props.onSignedIn();
    } catch (error) {
      setFailure(
        error instanceof Error && 'status' in error && (error as ProblemError).status === 401
          ? t('signIn.failed')
          : String((error as Error).message),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="card sign-in" onSubmit={submit}>
      <label>
        {t('signIn.username')}
        <input name="username" autocomplete="username" required />
      </label>
      <label>
        {t('signIn.password')}
        <input name="password" type="password" autocomplete="current-password" required />
      </label>
      {failure && (
        <p class="error" role="alert">
          {failure}
        </p>
      )}
      <button type="submit" disabled={busy}>
        {busy ? t('signIn.busy') : t('signIn.submit')}
      </button>
      <p>
        <Link href="/forgot-password">{t('signIn.forgot')}</Link>
      </p>
    </form>
  );
}

export function SignInPage() {
  const { query } = useLocation();
  const next = query.get('next');
  return (
    <>
      <h1>{t('signIn.title')}</h1>
      <SignInForm onSignedIn={() => navigate(next?.startsWith('/') ? next : '/', { replace: true })} />
    </>
  );
}
