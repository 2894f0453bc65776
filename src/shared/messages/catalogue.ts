import { de } from './de.ts';
import { en, type MessageKey } from './en.ts';

/**
 * The words of the website, the e-mails and the documents, by key, in every language Itinera speaks;
 * each language gives every key (the type says so). Plain data: the website bundles it, the server
 * reads it.
 */
export const LANGUAGES = { en: 'English', de: 'Deutsch' } as const;
export type Language = keyof typeof LANGUAGES;
export const MESSAGES: Record<Language, Record<MessageKey, string>> = { en, de };

export type { MessageKey };

/** A message with `{name}` filled from `values`. */
export const fill = (message: string, values: Record<string, string | number> = {}) =>
  message.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));

/** The language of a tag (`de-AT` is German); English for one Itinera does not speak. */
export function languageOf(tag: string | null | undefined): Language {
  const base = (tag ?? '').toLowerCase().split('-')[0];
  return base && base in LANGUAGES ? (base as Language) : 'en';
}

/** The messages of one language, as a function of key and values. */
export function translator(language: Language) {
  return (key: MessageKey, values?: Record<string, string | number>) => fill(MESSAGES[language][key], values);
}

export type Translate = ReturnType<typeof translator>;

/** The locale numbers and dates are written in for a language. */
export const LOCALES: Record<Language, string> = { en: 'en-GB', de: 'de-DE' };
