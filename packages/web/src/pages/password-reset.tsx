import { useState } from 'preact/hooks';
import { currentLanguage, t } from '../i18n/i18n.ts';
import { Link } from '../ui/link.tsx';
import { NewPasswordFields } from '../ui/new-password-fields.tsx';

/** Posts to an operation that needs no sign-in; answers the problem's code when it fails. */
async function postOpen(path: string, body: object): Promise<string | undefined> {
  const res = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': currentLanguage() },
    body: JSON.stringify(body),
  });
  if (res.ok) return undefined;
  const problem = (await res.json().catch(() => ({}))) as { code?: string };
  return problem.code ?? 'HTTP_ERROR';
}

/** Asks for a reset link by user name or e-mail; says the same whether or not the account exists. */
export function ForgotPasswordPage() {
  const [state, setState] = useState<'asking' | 'busy' | 'sent' | 'failed'>('asking');
  const submit = async (event: Event) => {
    event.preventDefault();
    const login = String(new FormData(event.currentTarget as HTMLFormElement).get('login'));
    setState('busy');
    const failed = await postOpen('/request_password_reset', { login, language: currentLanguage() });
    setState(failed ? 'failed' : 'sent');
  };
  return (
    <>
      <h1>{t('reset.askTitle')}</h1>
      {state === 'sent' ? (
        <p class="card" role="status">
          {t('reset.sent')}
        </p>
      ) : (
        <form class="card sign-in" onSubmit={submit}>
          <p>{t('reset.askText')}</p>
          <label>
            {t('reset.login')}
            <input name="login" autocomplete="username" required />
          </label>
          {state === 'failed' && (
            <p class="error" role="alert">
              {t('reset.tryLater')}
            </p>
          )}
          <button type="submit" disabled={state === 'busy'}>
            {t('reset.send')}
          </button>
        </form>
      )}
      <p>
        <Link href="/sign-in">{t('reset.backToSignIn')}</Link>
      </p>
    </>
  );
}

/** Sets a new password with the code of a reset link (`#token=…`, which no server sees). */
export function ResetPasswordPage() {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const token = fragment.get('token') ?? '';
  // An invitation's link: the account is new, its owner chooses a first password.
  const title = fragment.get('invite') === '1' ? t('reset.inviteTitle') : t('reset.chooseTitle');
  const [state, setState] = useState<'choosing' | 'busy' | 'done' | 'invalid' | 'mismatch' | 'failed'>(
    token ? 'choosing' : 'invalid',
  );
  const submit = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const password = String(form.get('password'));
    if (password !== String(form.get('repeat'))) return setState('mismatch');
    setState('busy');
    const failed = await postOpen('/reset_password', { token, new_password: password });
    setState(!failed ? 'done' : failed === 'INVALID_RESET_TOKEN' ? 'invalid' : 'failed');
  };
  if (state === 'done')
    return (
      <>
        <h1>{title}</h1>
        <p class="card" role="status">
          {t('reset.done')} <Link href="/sign-in">{t('signIn.submit')}</Link>
        </p>
      </>
    );
  if (state === 'invalid')
    return (
      <>
        <h1>{title}</h1>
        <p class="card error" role="alert">
          {t('reset.invalid')} <Link href="/forgot-password">{t('reset.askAgain')}</Link>
        </p>
      </>
    );
  return (
    <>
      <h1>{title}</h1>
      <form class="card sign-in" onSubmit={submit}>
        {fragment.get('invite') === '1' && <p>{t('reset.inviteText')}</p>}
        <NewPasswordFields />
        {(state === 'mismatch' || state === 'failed') && (
          <p class="error" role="alert">
            {state === 'mismatch' ? t('reset.mismatch') : t('reset.tryLater')}
          </p>
        )}
        <button type="submit" disabled={state === 'busy'}>
          {t('reset.save')}
        </button>
      </form>
    </>
  );
}
