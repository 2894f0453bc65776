import type { components } from '../api.ts';
import { t } from '../i18n/i18n.ts';
import { DocumentFields } from './document-fields.tsx';

type BookRequest = components['schemas']['BookFlightRequest'];
type Passenger = BookRequest['passengers'][number];
type Traveller = components['schemas']['Traveller'];
export type PassengerType = 'adult' | 'child' | 'infant';

/** Fills a passenger's fields from a saved traveller (the form's inputs are the page's state). */
function fillFrom(fieldset: HTMLFieldSetElement, n: number, traveller: Traveller) {
  const set = (name: string, value: string | null | undefined) => {
    const field = fieldset.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="p${n}.${name}"]`);
    if (field && value != null) field.value = value;
  };
  set('title', traveller.title);
  set('given_name', traveller.given_name);
  set('family_name', traveller.family_name);
  set('born_on', traveller.born_on);
  set('gender', traveller.gender);
  const document = traveller.documents[0];
  set('document_type', document?.type ?? 'passport');
  set('document_number', document?.number ?? '');
  set('nationality', document?.nationality ?? '');
  set('issuing_country', document?.issuing_country ?? '');
  set('document_expires_on', document?.expires_on ?? '');
  set('meal', traveller.meal ?? '');
  set('loyalty', JSON.stringify(traveller.loyalty_accounts));
}

/** A passenger's fields, with a choice of saved travellers to fill them in from. */
export function PassengerFields(props: { index: number; type: PassengerType; travellers: Traveller[] }) {
  const n = props.index;
  return (
    <fieldset class="passenger">
      <legend>{t('book.passenger', { n: n + 1, type: props.type })}</legend>
      {/* Always there (hidden while none are saved), so the list arriving moves no field the visitor is in. */}
      <label hidden={props.travellers.length === 0}>
        {t('travellers.fillFrom')}
        <select
          name={`p${n}.traveller`}
          onChange={(event) => {
            const select = event.currentTarget as HTMLSelectElement;
            const chosen = props.travellers.find((p) => p.id === select.value);
            if (chosen) fillFrom(select.closest('fieldset') as HTMLFieldSetElement, n, chosen);
          }}
        >
          <option value="">{t('travellers.choose')}</option>
          {props.travellers.map((p) => (
            <option key={p.id} value={p.id}>
              {p.given_name} {p.family_name}
            </option>
          ))}
        </select>
      </label>
      <input type="hidden" name={`p${n}.meal`} defaultValue="" />
      <input type="hidden" name={`p${n}.loyalty`} defaultValue="[]" />
      <div class="row">
        <label>
          {t('book.title.field')}
          <select name={`p${n}.title`}>
            {(['mr', 'ms', 'mrs', 'miss', 'dr', 'mx'] as const).map((title) => (
              <option key={title} value={title}>
                {title}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('book.given')}
          <input name={`p${n}.given_name`} required autocomplete={n === 0 ? 'given-name' : 'off'} />
        </label>
        <label>
          {t('book.family')}
          <input name={`p${n}.family_name`} required autocomplete={n === 0 ? 'family-name' : 'off'} />
        </label>
        <label>
          {t('book.born')}
          <input name={`p${n}.born_on`} type="date" required />
        </label>
        <label>
          {t('book.gender')}
          <select name={`p${n}.gender`}>
            {(['f', 'm', 'x'] as const).map((g) => (
              <option key={g} value={g}>
                {t(`gender.${g}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <DocumentFields prefix={`p${n}.`} hintId="document-hint" />
      <p class="hint" id="document-hint">
        {t('book.documentHint')}
      </p>
    </fieldset>
  );
}

function documentOf(form: FormData, n: number): Passenger['document'] | undefined {
  const number = String(form.get(`p${n}.document_number`) ?? '').trim();
  if (!number) return undefined;
  return {
    type: String(form.get(`p${n}.document_type`)) as 'passport' | 'identity_card',
    number,
    nationality: String(form.get(`p${n}.nationality`)).toUpperCase(),
    issuing_country: String(form.get(`p${n}.issuing_country`)).toUpperCase(),
    expires_on: String(form.get(`p${n}.document_expires_on`)),
  };
}

/** Passenger `n` as the booking request takes it, with a saved traveller's meal and loyalty accounts. */
export function passengerFrom(form: FormData, n: number, type: PassengerType): Passenger {
  const document = documentOf(form, n);
  const meal = String(form.get(`p${n}.meal`) ?? '');
  const loyalty = JSON.parse(String(form.get(`p${n}.loyalty`) ?? '[]')) as Passenger['loyalty_accounts'];
  // A child's or infant's own meal code is theirs; an adult's preference goes as it is.
  const mealFits = meal && !(type === 'adult' && (meal === 'CHML' || meal === 'BBML'));
  return {
    type,
    ...(document ? { document } : {}),
    ...(mealFits ? { special_requests: [meal as NonNullable<Passenger['special_requests']>[number]] } : {}),
    ...(loyalty && loyalty.length > 0 ? { loyalty_accounts: loyalty } : {}),
    title: String(form.get(`p${n}.title`)) as Passenger['title'],
    given_name: String(form.get(`p${n}.given_name`)),
    family_name: String(form.get(`p${n}.family_name`)),
    born_on: String(form.get(`p${n}.born_on`)),
    gender: String(form.get(`p${n}.gender`)) as 'f' | 'm' | 'x',
  };
}
