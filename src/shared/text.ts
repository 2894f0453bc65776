/**
 * Folds case and diacritics so "zurich" finds "Zürich", "sao" finds "São Paulo" and "μοσχα" finds
 * "Μόσχα". Only accents, Hebrew points and Arabic vowel marks go: the vowel signs of Indic and Thai
 * scripts are letters of the word, and Japanese voicing marks change it.
 */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f\u0591-\u05c7\u064b-\u065f\u0670]/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, ' ')
    .trim();
}

/** Great-circle distance in kilometres (haversine, mean Earth radius). */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(a)));
}
