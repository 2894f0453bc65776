import { t } from '../i18n/i18n.ts';

/** The booking’s contact fields: an e-mail and a phone (`email`, `phone` in the form). */
export function ContactFields() {
  return (
    <section class="card">
      <h2>{t('book.contact')}</h2>
      <div class="row">
        <label>
          {t('book.email')}
          <input name="email" type="email" required autocomplete="email" />
        </label>
        <label>
          {t('book.phone')}
          <input name="phone" type="tel" required autocomplete="tel" pattern="\+?[0-9 ]{6,20}" />
        </label>
      </div>
    </section>
  );
}
