import { de } from './de.ts';
import { en, type MessageKey } from './en.ts';

export const LANGUAGES = { en: 'English', de: 'Deutsch' } as const;
export type Language = keyof typeof LANGUAGES;
const MESSAGES: Record<Language, Record<MessageKey, string>> = { en, de };
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
  return MESSAGES[language][key].replace(/\{(\w+)\}/g, (_, name: string) =>
    String(values[name] ?? `{${name}}`),
  );
}

export type { MessageKey };
