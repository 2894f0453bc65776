import { t } from '../i18n/i18n.ts';

/** Pay now, or hold what is booked and pay later (from the trip page): the `when` field of a booking form. */
export function PayWhen(props: { holdLabel: string; onChange?: (hold: boolean) => void }) {
  return (
    <fieldset>
      <legend>{t('book.when')}</legend>
      <div class="row">
        <label class="radio">
          <input
            type="radio"
            name="when"
            value="now"
            defaultChecked
            onChange={() => props.onChange?.(false)}
          />
          {t('book.payNow')}
        </label>
        <label class="radio">
          <input type="radio" name="when" value="hold" onChange={() => props.onChange?.(true)} />
          {props.holdLabel}
        </label>
      </div>
    </fieldset>
  );
}

/** Whether a booking form asks for a hold. */
export const holding = (form: FormData): boolean => form.get('when') === 'hold';
