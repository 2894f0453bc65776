import { api, type components, unwrap } from '../api.ts';
import { t } from '../i18n/i18n.ts';

export type PaymentInput = components['schemas']['PaymentInput'];

/**
 * Card fields (never sent to this page's server as such: tokenized first) or the agency balance; with a
 * `legend` and `hint` of its own, the card that guarantees a stay paid at the hotel.
 */
export function PaymentFields(props: { canUseBalance: boolean; legend?: string; hint?: string }) {
  return (
    <fieldset>
      <legend>{props.legend ?? t('book.payment')}</legend>
      {props.hint && <p>{props.hint}</p>}
      {props.canUseBalance && (
        <div class="row">
          <label class="radio">
            <input type="radio" name="pay_with" value="card" defaultChecked />
            {t('book.payCard')}
          </label>
          <label class="radio">
            <input type="radio" name="pay_with" value="balance" />
            {t('book.payBalance')}
          </label>
        </div>
      )}
      <p class="hint" id="test-card-hint">
        {t('book.testCard')}
      </p>
      <div class="row">
        <label>
          {t('book.card')}
          <input
            name="card_number"
            inputMode="numeric"
            autocomplete="cc-number"
            aria-describedby="test-card-hint"
            pattern="[0-9 ]{12,23}"
          />
        </label>
        <label>
          {t('book.expMonth')}
          <input name="exp_month" type="number" min="1" max="12" autocomplete="cc-exp-month" />
        </label>
        <label>
          {t('book.expYear')}
          <input name="exp_year" type="number" min="2024" max="2099" autocomplete="cc-exp-year" />
        </label>
        <label>
          {t('book.cvc')}
          <input name="cvc" inputMode="numeric" autocomplete="cc-csc" pattern="[0-9]{3,4}" />
        </label>
      </div>
    </fieldset>
  );
}

/** The payment the form asks for: the balance, or the card turned into a single-use token. */
export async function paymentFrom(form: FormData): Promise<PaymentInput> {
  if (form.get('pay_with') === 'balance') return { type: 'balance' };
  const card = await unwrap(
    api.POST('/tokenize_card', {
      body: {
        number: String(form.get('card_number') ?? '').replace(/\s/g, ''),
        exp_month: Number(form.get('exp_month')),
        exp_year: Number(form.get('exp_year')),
        cvc: String(form.get('cvc') ?? ''),
      },
    }),
  );
  return { type: 'card', card_token: card.card_token };
}
