import { pick } from '../../../ports/seeded-random.ts';
/*
 * Names for demo hotels: fictional chains with a class and a region, and independent hotels named in
 * the manner of their country's language. All names are invented; any likeness to a real hotel is chance.
 */

export interface Chain {
  name: string;
  stars: number;
  /** Country codes or continents (two capitals: EU, AS, NA, SA, AF, OC) it opens in; empty: everywhere. */
  regions: readonly string[];
}

export const CHAINS: readonly Chain[] = [
  { name: 'Meridian Collection', stars: 5, regions: [] },
  { name: 'Halcyon Resorts', stars: 5, regions: ['AS', 'AE', 'QA', 'SA', 'MV', 'TH', 'ID'] },
  { name: 'Azure Stays', stars: 4, regions: [] },
  { name: 'Atelier Hotels', stars: 4, regions: ['EU'] },
  { name: 'Sakura Garden Hotels', stars: 4, regions: ['JP', 'KR', 'TW', 'CN', 'HK', 'SG'] },
  { name: 'Lantern Hotels', stars: 3, regions: [] },
  { name: 'Casa Sol Hoteles', stars: 3, regions: ['ES', 'PT', 'MX', 'AR', 'BR', 'CO', 'PE', 'CL'] },
  { name: 'Northstar Inns', stars: 2, regions: ['NA', 'EU', 'OC'] },
  { name: 'Citylink Express', stars: 2, regions: [] },
  { name: 'Metro Pod', stars: 2, regions: ['AS'] },
];

/** Words of hotel names by language, and how that language names a hotel. */
const STYLES: Record<
  string,
  { patterns: readonly string[]; words: readonly string[]; people: readonly string[] }
> = {
  en: {
    patterns: ['The {W}', '{W} House', 'Hotel {P}', 'The {P}', '{W} Hotel', '{W} Lodge', '{P} Arms'],
    words: [
      'Ivy',
      'Harbour',
      'Linden',
      'Wren',
      'Foundry',
      'Orchard',
      'Beacon',
      'Granary',
      'Mercer',
      'Kestrel',
      'Bramble',
      'Corner',
      'Lighthouse',
      'Sterling',
      'Alder',
      'Quay',
      'Tannery',
      'Hawthorn',
      'Larkspur',
      'Willow',
    ],
    people: [
      'Ashford',
      'Beaumont',
      'Carlisle',
      'Dalton',
      'Everett',
      'Fairfax',
      'Grafton',
      'Hartley',
      'Kensley',
      'Langham',
      'Morland',
      'Pembroke',
      'Rowan',
      'Sinclair',
      'Thornton',
      'Whitmore',
    ],
  },
  fr: {
    patterns: ['Hôtel {W}', 'Hôtel {P}', 'Maison {P}', 'Le {W}', 'Hôtel du {W}', 'Villa {P}'],
    words: [
      'Lys',
      'Tilleul',
      'Marais',
      'Pavillon',
      'Cygne',
      'Rivage',
      'Moulin',
      'Balcon',
      'Clos',
      'Passage',
      'Quai',
      'Carrousel',
      'Belvédère',
      'Jardin',
      'Mistral',
      'Printemps',
    ],
    people: [
      'Armand',
      'Beaulieu',
      'Colette',
      'Delorme',
      'Fontaine',
      'Garnier',
      'Lavallière',
      'Marceau',
      'Renoir',
      'Sévigné',
      'Valmont',
      'Rostand',
    ],
  },
  es: {
    patterns: ['Hotel {W}', 'Casa {P}', 'Hostal {W}', 'Hotel Plaza {W}', 'Posada {W}', 'Hotel {P}'],
    words: [
      'Alameda',
      'Azahar',
      'Mirador',
      'Olivo',
      'Brisa',
      'Candela',
      'Girasol',
      'Marina',
      'Palmera',
      'Almendro',
      'Torreón',
      'Albero',
      'Sol',
      'Encina',
      'Azulejo',
      'Aurora',
    ],
    people: [
      'Alba',
      'Cervantes',
      'Duquesa',
      'Elvira',
      'Gaudí',
      'Isabela',
      'Lorca',
      'Montalvo',
      'Rosalía',
      'Valdés',
      'Zurbarán',
      'Carmona',
    ],
  },
  pt: {
    patterns: ['Hotel {W}', 'Casa {P}', 'Pousada {W}', 'Hotel {P}', 'Solar {P}'],
    words: [
      'Azulejo',
      'Miradouro',
      'Ribeira',
      'Jacarandá',
      'Laranjeira',
      'Farol',
      'Alfama',
      'Brisa',
      'Ipê',
      'Coral',
      'Maré',
      'Oliveira',
      'Girassol',
      'Varanda',
    ],
    people: ['Almeida', 'Camões', 'Eça', 'Ferreira', 'Pessoa', 'Queirós', 'Saramago', 'Teixeira', 'Vieira'],
  },
  it: {
    patterns: ['Hotel {W}', 'Albergo {W}', 'Palazzo {P}', 'Locanda {W}', 'Villa {P}', 'Hotel {P}'],
    words: [
      'Ulivo',
      'Gelsomino',
      'Ponte',
      'Torre',
      'Chiostro',
      'Loggia',
      'Giardino',
      'Fontana',
      'Corte',
      'Vigna',
      'Limone',
      'Campanile',
      'Portico',
      'Cipresso',
    ],
    people: [
      'Alberti',
      'Borghese',
      'Colonna',
      'Donatello',
      'Farnese',
      'Gonzaga',
      'Medici',
      'Orsini',
      'Sforza',
      'Visconti',
      'Contarini',
      'Strozzi',
    ],
  },
  de: {
    patterns: ['Hotel {W}', 'Gasthof {W}', '{W}hof', 'Hotel {P}', 'Haus {P}', 'Pension {W}'],
    words: [
      'Linden',
      'Eichen',
      'Tannen',
      'Sonnen',
      'Rosen',
      'Brunnen',
      'Mühlen',
      'Kastanien',
      'Berg',
      'Schwanen',
      'Adler',
      'Hirschen',
      'Falken',
      'Ahorn',
    ],
    people: [
      'Albrecht',
      'Brandt',
      'Engel',
      'Fischer',
      'Hartmann',
      'Keller',
      'Lorenz',
      'Richter',
      'Vogel',
      'Weber',
      'Winter',
      'Ziegler',
    ],
  },
  ja: {
    patterns: ['Hotel {W}', 'Ryokan {W}', '{W} Inn', 'Hotel {W} {P}'],
    words: [
      'Sakura',
      'Kaede',
      'Tsubaki',
      'Matsu',
      'Hoshi',
      'Kawa',
      'Yuki',
      'Momiji',
      'Sora',
      'Hana',
      'Midori',
      'Tsuki',
      'Kaze',
      'Ume',
    ],
    people: ['Terrace', 'Garden', 'Annex', 'Plaza', 'Court', 'Tower'],
  },
};

/** Where a hotel stands, as its name may say. */
export type Area = 'centre' | 'old_town' | 'station' | 'airport' | 'business' | 'outskirts';

const AREA_SUFFIX: Record<Area, readonly string[]> = {
  centre: ['City Centre', 'Downtown', 'Central'],
  old_town: ['Old Town', 'Historic Quarter'],
  station: ['Central Station', 'Station'],
  airport: ['Airport'],
  business: ['Business District', 'Convention Centre'],
  outskirts: ['North', 'East', 'South', 'West', 'Riverside', 'Park'],
};

/** A chain that fits the class and the country, or null (an independent hotel). */
export function chainFor(
  stars: number,
  countryCode: string,
  continent: string,
  chainShare: number,
  random: () => number,
): Chain | null {
  if (random() >= chainShare) return null;
  const fits = CHAINS.filter(
    (c) =>
      c.stars === stars &&
      (c.regions.length === 0 || c.regions.includes(countryCode) || c.regions.includes(continent)),
  );
  return fits.length > 0 ? pick(fits, random()) : null;
}

/**
 * A hotel name unique in its city: a chain's brand with the city and area ("Azure Stays Paris Airport"),
 * or an independent name in the manner of the country's language; a taken name gets its area, then a
 * number.
 */
export function hotelName(
  chain: Chain | null,
  cityName: string,
  language: string,
  area: Area,
  taken: Set<string>,
  random: () => number,
): string {
  const suffix = pick(AREA_SUFFIX[area], random());
  let name: string;
  if (chain) {
    name = `${chain.name} ${cityName} ${suffix}`;
  } else {
    const style = STYLES[language] ?? STYLES.en!;
    name = pick(style.patterns, random())
      .replace('{W}', pick(style.words, random()))
      .replace('{P}', pick(style.people, random()));
    if (taken.has(name)) name = `${name} ${cityName}`;
  }
  if (taken.has(name)) name = `${name} ${pick(AREA_SUFFIX.outskirts, random())}`;
  for (let n = 2; taken.has(name); n++) name = `${name.replace(/ \d+$/, '')} ${n}`;
  taken.add(name);
  return name;
}
