import { useState } from 'preact/hooks';
import { api, type components, unwrap } from '../api.ts';
import { t } from '../i18n/i18n.ts';
import { DocumentFields } from '../ui/document-fields.tsx';
import { ErrorView, Loading } from '../ui/states.tsx';
import { useAsync } from '../use-async.ts';

type Traveller = components['schemas']['Traveller'];
type Create = components['schemas']['CreateTravellerRequest'];
const MEALS = ['VGML', 'VLML', 'AVML', 'KSML', 'MOML', 'HNML', 'DBML', 'GFML', 'LFML', 'NLML'] as const;

/** A profile's fields from the form; what is left empty is cleared (null) or left out. */
function profileFrom(form: FormData): Create {
  const text = (name: string) => {
    const value = String(form.get(name) ?? '').trim();
    return value === '' ? null : value;
  };
  const number = text('document_number');
  return {
    title: text('title') as Create['title'],
    given_name: String(text('given_name')),
    family_name: String(text('family_name')),
    gender: text('gender') as Create['gender'],
    born_on: text('born_on'),
    email: text('email'),
    phone: text('phone'),
    documents: number
      ? [
          {
            type: String(form.get('document_type')) as 'passport' | 'identity_card',
            number,
            nationality: String(text('nationality') ?? '').toUpperCase(),
            issuing_country: String(text('issuing_country') ?? '').toUpperCase(),
            expires_on: String(text('document_expires_on')),
          },
        ]
      : [],
    meal: text('meal') as Create['meal'],
    seat: text('seat') as Create['seat'],
  };
}

/** The form for a new profile or one being changed (its values as the starting ones). */
function TravellerForm(props: { editing?: Traveller; onSaved: () => void; onCancel?: () => void }) {
  const p = props.editing;
  const document = p?.documents[0];
  const [state, setState] = useState<{ busy?: boolean; error?: unknown }>({});
  const submit = async (event: Event) => {
    event.preventDefault();
    const element = event.currentTarget as HTMLFormElement;
    setState({ busy: true });
    try {
      const body = profileFrom(new FormData(element));
      if (p)
        await unwrap(
          api.POST('/update_traveller', { body: { ...body, id: p.id, expected_version: p.version } }),
        );
      else await unwrap(api.POST('/create_traveller', { body }));
      element.reset();
      setState({});
      props.onSaved();
    } catch (error) {
      setState({ error });
    }
  };
  return (
    <form class="card" onSubmit={submit} aria-labelledby="traveller-form-title" key={p?.id ?? 'new'}>
      <h2 id="traveller-form-title">{p ? `${p.given_name} ${p.family_name}` : t('travellers.add')}</h2>
      <div class="row">
        <label>
          {t('book.title.field')}
          <select name="title">
            <option value="">—</option>
            {(['mr', 'ms', 'mrs', 'miss', 'dr', 'mx'] as const).map((title) => (
              <option key={title} value={title} selected={p?.title === title}>
                {title}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('book.given')}
          <input name="given_name" required defaultValue={p?.given_name ?? ''} />
        </label>
        <label>
          {t('book.family')}
          <input name="family_name" required defaultValue={p?.family_name ?? ''} />
        </label>
        <label>
          {t('book.born')}
          <input name="born_on" type="date" defaultValue={p?.born_on ?? ''} />
        </label>
        <label>
          {t('book.gender')}
          <select name="gender">
            <option value="">—</option>
            {(['f', 'm', 'x'] as const).map((g) => (
              <option key={g} value={g} selected={p?.gender === g}>
                {t(`gender.${g}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <DocumentFields prefix="" document={document} />
      <div class="row">
        <label>
          {t('book.email')}
          <input name="email" type="email" defaultValue={p?.email ?? ''} />
        </label>
        <label>
          {t('book.phone')}
          <input name="phone" type="tel" pattern="\+[1-9][0-9]{6,14}" defaultValue={p?.phone ?? ''} />
        </label>
        <label>
          {t('travellers.meal')}
          <select name="meal">
            <option value="">{t('travellers.mealNone')}</option>
            {MEALS.map((m) => (
              <option key={m} value={m} selected={p?.meal === m}>
                {m}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('travellers.seat')}
          <select name="seat">
            <option value="">—</option>
            <option value="window" selected={p?.seat === 'window'}>
              {t('travellers.seatWindow')}
            </option>
            <option value="aisle" selected={p?.seat === 'aisle'}>
              {t('travellers.seatAisle')}
            </option>
          </select>
        </label>
      </div>
      {state.error !== undefined && <ErrorView error={state.error} />}
      <button type="submit" disabled={state.busy}>
        {t('travellers.save')}
      </button>
      {props.onCancel && (
        <button type="button" class="secondary" onClick={props.onCancel}>
          {t('travellers.cancel')}
        </button>
      )}
    </form>
  );
}

/** The travellers the signed-in person (or their agency) books for: listed, added, changed, deleted. */
export function TravellersPage() {
  const list = useAsync(() => unwrap(api.GET('/travellers', { params: { query: { limit: 100 } } })), []);
  const [editing, setEditing] = useState<Traveller | undefined>();
  const remove = async (id: string) => {
    await unwrap(api.POST('/delete_traveller', { body: { id } }));
    list.retry();
  };
  return (
    <>
      <h1>{t('travellers.title')}</h1>
      <p>{t('travellers.intro')}</p>
      <section class="card" aria-live="polite">
        {list.loading && !list.data && <Loading />}
        {list.error !== undefined && <ErrorView error={list.error} retry={list.retry} />}
        {list.data && list.data.data.length === 0 && <p>{t('travellers.none')}</p>}
        {list.data && list.data.data.length > 0 && (
          <ul class="travellers" data-testid="travellers">
            {list.data.data.map((p) => (
              <li key={p.id}>
                <span>
                  {p.given_name} {p.family_name}
                  {p.born_on ? ` · ${p.born_on}` : ''}
                </span>{' '}
                <button type="button" class="secondary" onClick={() => setEditing(p)}>
                  {t('travellers.edit')}
                </button>{' '}
                <button type="button" class="secondary" onClick={() => void remove(p.id)}>
                  {t('travellers.delete')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <TravellerForm
        editing={editing}
        onSaved={() => {
          setEditing(undefined);
          list.retry();
        }}
        {...(editing ? { onCancel: () => setEditing(undefined) } : {})}
      />
    </>
  );
}
