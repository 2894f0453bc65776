import { useState } from 'preact/hooks';
import { api, unwrap } from '../api.ts';
import { t } from '../i18n/i18n.ts';
import { ErrorView, Loading } from '../ui/states.tsx';
import { useAsync } from '../use-async.ts';

type Setup = { secret: string; uri: string } | undefined;

/**
 * The signed-in person's second factor: whether it is on; setting it up (the password, then the key
 * for an authenticator app and its first code, then the recovery codes shown once); turning it off.
 */
export function SecondFactorCard() {
  const status = useAsync(() => unwrap(api.GET('/second_factor')), []);
  const [setup, setSetup] = useState<Setup>();
  const [codes, setCodes] = useState<string[] | undefined>();
  const [message, setMessage] = useState<{ text: string; error: boolean } | undefined>();
  const [busy, setBusy] = useState(false);

  const run = async (event: Event, action: (form: FormData) => Promise<void>) => {
    event.preventDefault();
    const element = event.currentTarget as HTMLFormElement;
    setBusy(true);
    setMessage(undefined);
    try {
      await action(new FormData(element));
      element.reset();
    } catch {
      setMessage({ text: t('factor.wrong'), error: true });
    } finally {
      setBusy(false);
    }
  };

  const start = (event: Event) =>
    run(event, async (form) => {
      const key = await unwrap(
        api.POST('/start_second_factor', { body: { current_password: String(form.get('current')) } }),
      );
      setSetup({ secret: key.secret, uri: key.otpauth_uri });
    });
  const confirm = (event: Event) =>
    run(event, async (form) => {
      const answer = await unwrap(
        api.POST('/confirm_second_factor', { body: { code: String(form.get('code')).trim() } }),
      );
      setSetup(undefined);
      setCodes(answer.recovery_codes);
      setMessage({ text: t('factor.enabled'), error: false });
      status.retry();
    });
  const disable = (event: Event) =>
    run(event, async (form) => {
      await unwrap(
        api.POST('/disable_second_factor', {
          body: { current_password: String(form.get('current')), code: String(form.get('code')).trim() },
        }),
      );
      setMessage({ text: t('factor.disabled'), error: false });
      status.retry();
    });

  return (
    <section class="card sign-in" aria-labelledby="factor-title">
      <h2 id="factor-title">{t('factor.title')}</h2>
      {status.loading && !status.data && <Loading />}
      {status.error !== undefined && <ErrorView error={status.error} retry={status.retry} />}
      {status.data && (
        <p data-testid="factor-state">{status.data.enabled ? t('factor.on') : t('factor.off')}</p>
      )}
      {status.data?.required && <p>{t('factor.required')}</p>}
      {codes && (
        <div>
          <p>{t('signIn.recoveryText')}</p>
          <ul class="recovery-codes" data-testid="recovery-codes">
            {codes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ul>
        </div>
      )}
      {status.data && !status.data.enabled && !setup && (
        <form onSubmit={start}>
          <label>
            {t('account.current')}
            <input name="current" type="password" autocomplete="current-password" required />
          </label>
          <button type="submit" disabled={busy}>
            {t('factor.start')}
          </button>
        </form>
      )}
      {setup && (
        <form onSubmit={confirm}>
          <p>
            {t('signIn.enrolKey')}: <code data-testid="enrolment-key">{setup.secret}</code>
          </p>
          <p>
            <a href={setup.uri}>{t('signIn.enrolLink')}</a>
          </p>
          <label>
            {t('signIn.code')}
            <input name="code" autocomplete="one-time-code" inputMode="numeric" required />
          </label>
          <button type="submit" disabled={busy}>
            {t('factor.confirm')}
          </button>
        </form>
      )}
      {status.data?.enabled && !status.data.required && (
        <form onSubmit={disable}>
          <label>
            {t('account.current')}
            <input name="current" type="password" autocomplete="current-password" required />
          </label>
          <label>
            {t('signIn.code')}
            <input name="code" autocomplete="one-time-code" inputMode="numeric" required />
          </label>
          <button type="submit" disabled={busy}>
            {t('factor.disable')}
          </button>
        </form>
      )}
      {message && (
        <p class={message.error ? 'error' : undefined} role={message.error ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
    </section>
  );
}
