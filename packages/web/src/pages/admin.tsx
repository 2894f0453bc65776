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

/** A CSV table read in the browser and sent as text/csv; the server says what it imported, or each bad line. */
function HotelImport() {
  const { state, run } = useAction<string>();
  const [progress, setProgress] = useState<number | undefined>();
  const submit = (event: Event) => {
    event.preventDefault();
    const file = new FormData(event.currentTarget as HTMLFormElement).get('file') as File | null;
    if (!file) return;
    void run(async () => {
      setProgress(0);
      const text = await file.text();
      setProgress(50);
      const answer = await unwrap(
        api.POST('/import_hotel_csv', {
          body: text,
          bodySerializer: (body: string) => body,
          headers: { 'content-type': 'text/csv' },
        }),
      );
      setProgress(100);
      return `${answer.table}: ${answer.rows} rows, ${answer.hotels} hotels, ${answer.room_types} room types, ${answer.rate_plans} rate plans, ${answer.allotment_nights} allotment nights`;
    });
  };
  return (
    <form class="card" onSubmit={submit}>
      <h2>{t('admin.import')}</h2>
      <label>
        {t('admin.importFile')}
        <input type="file" name="file" accept=".csv,text/csv" required />
      </label>
      {progress !== undefined && state.busy && (
        <progress max={100} value={progress} aria-label={t('admin.import')} />
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
      <HotelImport />
      <Allotment />
      <Webhooks />
    </>
  );
}
