import type { components } from '../api.ts';
import { t } from '../i18n/i18n.ts';

type TravelDocument = components['schemas']['Traveller']['documents'][number];

/**
 * A passport's or identity card's fields, named `${prefix}document_type` and so on, starting from
 * `document` when one is known (a saved traveller's).
 */
export function DocumentFields(props: {
  prefix: string;
  document?: TravelDocument | undefined;
  hintId?: string;
}) {
  const { prefix, document } = props;
  return (
    <div class="row">
      <label>
        {t('book.document')}
        <select name={`${prefix}document_type`}>
          <option value="passport">{t('book.passport')}</option>
          <option value="identity_card" selected={document?.type === 'identity_card'}>
            {t('book.identityCard')}
          </option>
        </select>
      </label>
      <label>
        {t('book.documentNumber')}
        <input
          name={`${prefix}document_number`}
          defaultValue={document?.number ?? ''}
          {...(props.hintId ? { 'aria-describedby': props.hintId } : {})}
        />
      </label>
      <label>
        {t('book.nationality')}
        <input
          name={`${prefix}nationality`}
          maxLength={2}
          pattern="[A-Za-z]{2}"
          placeholder="GB"
          defaultValue={document?.nationality ?? ''}
        />
      </label>
      <label>
        {t('book.issuingCountry')}
        <input
          name={`${prefix}issuing_country`}
          maxLength={2}
          pattern="[A-Za-z]{2}"
          placeholder="GB"
          defaultValue={document?.issuing_country ?? ''}
        />
      </label>
      <label>
        {t('book.documentExpires')}
        <input name={`${prefix}document_expires_on`} type="date" defaultValue={document?.expires_on ?? ''} />
      </label>
    </div>
  );
}
