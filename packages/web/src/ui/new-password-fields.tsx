import { t } from '../i18n/i18n.ts';

/** A new password and the same again (`password`, `repeat`): the browser keeps it to 12 characters at least. */
export function NewPasswordFields() {
  return (
    <>
      <label>
        {t('reset.newPassword')}
        <input name="password" type="password" autocomplete="new-password" minLength={12} required />
      </label>
      <label>
        {t('reset.repeat')}
        <input name="repeat" type="password" autocomplete="new-password" minLength={12} required />
      </label>
    </>
  );
}
