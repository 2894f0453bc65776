import Negotiator from 'negotiator';
import { LANGUAGES, type Language, languageOf } from '../shared/messages/catalogue.ts';

/**
 * The language to answer in: the client's most preferred of `supported` by its `Accept-Language`
 * (q-values, and "de-CH" taking "de"), else the first of `supported`.
 */
export function displayLanguage(header: string | undefined, supported: readonly string[]): string {
  const fallback = supported[0] ?? 'en';
  if (!header) return fallback;
  return new Negotiator({ headers: { 'accept-language': header } }).language([...supported]) ?? fallback;
}

/** The language of a document: the one asked for, else the best of Accept-Language we speak, else English. */
export function languageFrom(asked: Language | undefined, header: string | undefined): Language {
  return asked ?? languageOf(displayLanguage(header, Object.keys(LANGUAGES)));
}
