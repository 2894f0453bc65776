// One catalogue for the website, the e-mails and the documents: the server's (src/shared/messages).
import {
  fill,
  LANGUAGES,
  type Language,
  MESSAGES,
  type MessageKey,
} from '../../../../src/shared/messages/catalogue.ts';

export { LANGUAGES, type Language };

const STORE = 'itinera.language';

function initial(): Language {
  const saved = window.localStorage.getItem(STORE);
  if (saved && saved in LANGUAGES) return saved as Language;
  return navigator.language.toLowerCase().startsWith('de') ? 'de' : 'en';
}

let language: Language = initial();
document.documentElement.lang = language;

export const currentLanguage = (): Language => language;

/** Switches the language (kept for the next visit; a preference, not a secret). */
export function setLanguage(next: Language): void {
  language = next;
  window.localStorage.setItem(STORE, next);
  document.documentElement.lang = next;
}

/** The message for `key` in the current language, with `{name}` filled from `values`. */
export function t(key: MessageKey, values: Record<string, string | number> = {}): string {
  return fill(MESSAGES[language][key], values);
}

export type { MessageKey };
