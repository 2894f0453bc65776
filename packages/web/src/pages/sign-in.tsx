import { useState } from 'preact/hooks';
import { AuthError, type ProblemError, session } from '../api.ts';
import { t } from '../i18n/i18n.ts';
import { navigate, useLocation } from '../router.ts';
import { setState } from '../store.ts';
import { Link } from '../ui/link.tsx';

type Step =
  | { kind: 'password' }
  | { kind: 'code'; username: string; password: string }
  | { kind: 'enrol'; username: string; password: string; secret: string; uri: string }
  | { kind: 'recovery'; codes: string[] };

/** Why a sign-in failed, in words; a second factor's need is a next step, not a failure. */
function failureOf(error: unknown, step: Step['kind']): string {
  if (error instanceof AuthError || (error instanceof Error && 'status' in error)) {
    const status = (error as ProblemError).status;
    if (status === 401) return step === 'password' ? t('signIn.failed') : t('signIn.codeWrong');
  }
  return String((error as Error).message);
}

/**
 * User name and password, then (for an account with a second factor) the authenticator app's code, or
 * (for one that must set one up) its key and first code, then its recovery codes once; on success the
 * session is held and `onSignedIn` runs.
 */
export function SignInForm(props: { onSignedIn: () => void }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  const [step, setStep] = useState<Step>({ kind: 'password' });

  const attempt = async (username: string, password: string, code?: string) => {
    let recovery: string[] | undefined;
    try {
      const claims = await session.signIn(username, password, {
        oneTimeCode: code,
        onRecoveryCodes: (codes) => {
          recovery = codes;
        },
      });
      setState({ claims });
      if (recovery) setStep({ kind: 'recovery', codes: recovery });
      else props.onSignedIn();
    } catch (error) {
      if (error instanceof AuthError && error.error === 'SECOND_FACTOR_REQUIRED')
        return setStep({ kind: 'code', username, password });
      if (error instanceof AuthError && error.error === 'SECOND_FACTOR_ENROLMENT_REQUIRED' && error.enrolment)
        return setStep({
          kind: 'enrol',
          username,
          password,
          secret: error.enrolment.secret,
          uri: error.enrolment.otpauth_uri,
        });
      setFailure(failureOf(error, step.kind));
    }
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    setBusy(true);
    setFailure(undefined);
    try {
      if (step.kind === 'password') await attempt(String(form.get('username')), String(form.get('password')));
      else if (step.kind === 'code' || step.kind === 'enrol')
        await attempt(step.username, step.password, String(form.get('code')).trim());
    } finally {
      setBusy(false);
    }
  };

  if (step.kind === 'recovery')
    return (
      <section class="card sign-in" aria-labelledby="recovery-title">
        <h2 id="recovery-title">{t('signIn.recoveryTitle')}</h2>
        <p>{t('signIn.recoveryText')}</p>
        <ul class="recovery-codes" data-testid="recovery-codes">
          {step.codes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ul>
        <button type="button" onClick={props.onSignedIn}>
          {t('signIn.continue')}
        </button>
      </section>
    );

  return (
    <form class="card sign-in" onSubmit={submit}>
      {step.kind === 'password' ? (
        <>
          <label>
            {t('signIn.username')}
            <input name="username" autocomplete="username" required />
          </label>
          <label>
            {t('signIn.password')}
            <input name="password" type="password" autocomplete="current-password" required />
          </label>
        </>
      ) : (
        <>
          {step.kind === 'enrol' ? (
            <div>
              <p>{t('signIn.enrol')}</p>
              <p>
                {t('signIn.enrolKey')}: <code data-testid="enrolment-key">{step.secret}</code>
              </p>
              <p>
                <a href={step.uri}>{t('signIn.enrolLink')}</a>
              </p>
            </div>
          ) : (
            <p>{t('signIn.codeNeeded')}</p>
          )}
          <label>
            {t('signIn.code')}
            <input
              name="code"
              autocomplete="one-time-code"
              inputMode="numeric"
              aria-describedby="code-hint"
              required
            />
          </label>
          <p id="code-hint" class="hint">
            {t('signIn.codeHint')}
          </p>
        </>
      )}
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
