import { useState } from 'preact/hooks';
import { api, unwrap } from '../api.ts';
import { dateTime } from '../format.ts';
import { t } from '../i18n/i18n.ts';
import { ErrorView, Loading } from '../ui/states.tsx';
import { useAsync } from '../use-async.ts';

/** Runs a form's action, keeping what it answered or why it failed. */
function useAction<T>() {
  const [state, setState] = useState<{ busy?: boolean; done?: T; error?: unknown }>({});
  const run = async (action: () => Promise<T>) => {
    setState({ busy: true });
    try {
      setState({ done: await action() });
    } catch (error) {
      setState({ error });
    }
  };
  return { state, run };
}

/** What each import's file is sent as, and which files the chooser offers. */
const IMPORTS = {
  hotel_csv: { type: 'text/csv', accept: '.csv,text/csv' },
  ssim: { type: 'text/plain', accept: '.ssim,.txt,.dat,text/plain' },
  fares: { type: 'text/csv', accept: '.csv,text/csv' },
} as const;
type ImportKind = keyof typeof IMPORTS;

/** The file's text as its import's own media type; what the server says it imported. */
async function sendImport(kind: ImportKind, text: string): Promise<Record<string, unknown>> {
  const init = {
    body: text,
    bodySerializer: (body: string) => body,
    headers: { 'content-type': IMPORTS[kind].type },
  };
  if (kind === 'ssim') return unwrap(api.POST('/import_ssim', init));
  if (kind === 'fares') return unwrap(api.POST('/import_fares', init));
  return unwrap(api.POST('/import_hotel_csv', init));
}

/**
 * A file read in the browser and sent as it is; the server imports all of it or nothing and says what it
 * took, or lists each bad line. While it works, the page says how much it sent.
 */
function Imports() {
  const { state, run } = useAction<string>();
  const [kind, setKind] = useState<ImportKind>('hotel_csv');
  const [sending, setSending] = useState<string | undefined>();
  const submit = (event: Event) => {
    event.preventDefault();
    const file = new FormData(event.currentTarget as HTMLFormElement).get('file') as File | null;
    if (!file) return;
    void run(async () => {
      setSending(`${file.name}, ${Math.ceil(file.size / 1024)} KB`);
      try {
        const answer = await sendImport(kind, await file.text());
        return Object.entries(answer)
          .map(([name, value]) => `${name.replace(/_/g, ' ')} ${value}`)
          .join(', ');
      } finally {
        setSending(undefined);
      }
    });
  };
  return (
    <form class="card" onSubmit={submit}>
      <h2>{t('admin.import')}</h2>
      <div class="row">
        <label>
          {t('admin.importTable')}
          <select
            value={kind}
            onChange={(e) => setKind((e.currentTarget as HTMLSelectElement).value as ImportKind)}
          >
            <option value="hotel_csv">{t('admin.kind.hotel_csv')}</option>
            <option value="ssim">{t('admin.kind.ssim')}</option>
            <option value="fares">{t('admin.kind.fares')}</option>
          </select>
        </label>
        <label>
          {t('admin.importFile')}
          <input type="file" name="file" accept={IMPORTS[kind].accept} required />
        </label>
      </div>
      {sending && (
        <p role="status">
          <progress aria-label={t('admin.import')} /> {t('admin.importing', { file: sending })}
        </p>
      )}
      <button type="submit" disabled={state.busy}>
        {t('admin.importSubmit')}
      </button>
      {state.done && <p role="status">{t('admin.importDone', { summary: state.done })}</p>}
      {state.error !== undefined && <ErrorView error={state.error} />}
    </form>
  );
}

function Allotment() {
  const { state, run } = useAction<boolean>();
  const submit = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    void run(async () => {
      await unwrap(
        api.POST('/set_allotment', {
          body: {
            hotel_id: String(form.get('hotel_id')),
            room_type: String(form.get('room_type')),
            from: String(form.get('from')),
            to: String(form.get('to')),
            rooms: Number(form.get('rooms')),
          },
        }),
      );
      return true;
    });
  };
  return (
    <form class="card" onSubmit={submit}>
      <h2>{t('admin.allotments')}</h2>
      <div class="row">
        <label>
          {t('admin.hotelId')}
          <input name="hotel_id" required />
        </label>
        <label>
          {t('admin.roomType')}
          <input name="room_type" required />
        </label>
        <label>
          {t('admin.from')}
          <input name="from" type="date" required />
        </label>
        <label>
          {t('admin.toDate')}
          <input name="to" type="date" required />
        </label>
        <label>
          {t('admin.roomsCount')}
          <input name="rooms" type="number" min="0" required />
        </label>
      </div>
      <button type="submit" disabled={state.busy}>
        {t('admin.setAllotment')}
      </button>
      {state.done && <p role="status">{t('admin.saved')}</p>}
      {state.error !== undefined && <ErrorView error={state.error} />}
    </form>
  );
}

function Webhooks() {
  const hooks = useAsync(() => unwrap(api.GET('/webhooks')), []);
  const deliveries = useAsync(
    () => unwrap(api.GET('/webhook_deliveries', { params: { query: { limit: 20 } } })),
    [],
  );
  const { state, run } = useAction<boolean>();
  const add = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    void run(async () => {
      await unwrap(api.POST('/create_webhook', { body: { url: String(form.get('url')), events: ['*'] } }));
      hooks.retry();
      return true;
    });
  };
  return (
    <section class="card">
      <h2>{t('admin.webhooks')}</h2>
      {hooks.loading && <Loading />}
      {hooks.error !== undefined && <ErrorView error={hooks.error} retry={hooks.retry} />}
      {hooks.data && hooks.data.data.length === 0 && <p>{t('admin.noWebhooks')}</p>}
      <ul>
        {hooks.data?.data.map((hook) => (
          <li key={hook.id}>
            {hook.url} · {hook.events.join(', ')}
          </li>
        ))}
      </ul>
      <form onSubmit={add} class="row">
        <label>
          {t('admin.webhookUrl')}
          <input name="url" type="url" required placeholder="https://" />
        </label>
        <button type="submit" disabled={state.busy}>
          {t('admin.addWebhook')}
        </button>
      </form>
      {state.error !== undefined && <ErrorView error={state.error} />}
      <h3>{t('admin.deliveries')}</h3>
      {deliveries.data && (
        <table>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Status</th>
              <th scope="col">HTTP</th>
              <th scope="col">Attempts</th>
              <th scope="col">Last</th>
            </tr>
          </thead>
          <tbody>
            {deliveries.data.data.map((d) => (
              <tr key={d.id}>
                <td>{d.event_id}</td>
                <td>{d.status}</td>
                <td>{d.last_status_code ?? '—'}</td>
                <td>{d.attempts}</td>
                <td>{d.last_attempt_at ? dateTime(d.last_attempt_at) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function AdminPage() {
  return (
    <>
      <h1>{t('admin.title')}</h1>
      <Imports />
      <Allotment />
      <Webhooks />
    </>
  );
}
