import Negotiator from 'negotiator';

/**
 * The language to answer in: the client's most preferred of `supported` by its `Accept-Language`
 * (q-values, and "de-CH" taking "de"), else the first of `supported`.
 */
export function displayLanguage(header: string | undefined, supported: readonly string[]): string {
  const fallback = supported[0] ?? 'en';
  if (!header) return fallback;
  return new Negotiator({ headers: { 'accept-language': header } }).language([...supported]) ?? fallback;
}
