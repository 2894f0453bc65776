import type { Area } from './hotel-names.ts';

/*
 * The demo's hotel and room descriptions in English, German, French and Spanish. Every list has the same
 * length and order in each language, so one draw picks the same phrase in all four.
 */

export const CONTENT_LANGUAGES = ['en', 'de', 'fr', 'es'] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

export interface Phrases {
  /** The first sentence: `{name}`, `{stars}` (a number) or `{starCount}` (`4 Sterne`), `{kind}`, `{where}`. */
  opening: string;
  /** A star and stars, a guest and guests, as counted: `[one, many]`. */
  star: readonly [string, string];
  guest: readonly [string, string];
  kind: Record<number, readonly string[]>;
  where: Record<Area, readonly string[]>;
  decimal: string;
  roomsLine: readonly string[];
  style: readonly string[];
  outlook: readonly string[];
  food: readonly string[];
  /** The extras' sentence: `{list}`. */
  extrasLine: string;
  extras: Record<string, string>;
  and: string;
  /** A room: `{size}`, `{beds}`, `{guests}` (counted), `{amenities}`. */
  room: string;
  beds: Record<string, string>;
  amenities: Record<string, string>;
}

const EN: Phrases = {
  opening: '{name} is a {stars}-star {kind} {where}.',
  star: ['star', 'stars'],
  guest: ['guest', 'guests'],
  kind: {
    1: ['simple guesthouse', 'budget hotel', 'hostel with private rooms'],
    2: ['budget hotel', 'family-run guesthouse', 'compact city hotel'],
    3: ['comfortable city hotel', 'family-run hotel', 'modern hotel', 'small boutique hotel'],
    4: ['design hotel', 'business hotel', 'boutique hotel', 'upscale hotel'],
    5: ['grand hotel', 'luxury hotel', 'landmark hotel', 'palace hotel'],
  },
  where: {
    centre: [
      'in the heart of {city}',
      'a short walk from the centre of {city}',
      'on a lively square in {city}',
    ],
    old_town: ['in the old town of {city}', 'on a quiet cobbled street in historic {city}'],
    station: ['{km} km from {station}', 'opposite {station}', 'a few minutes on foot from {station}'],
    airport: ['{km} km from {airport}, with a shuttle to the terminals', 'beside {airport}'],
    business: ['in the business district of {city}', 'next to the convention centre of {city}'],
    outskirts: ['in a green residential district of {city}', 'on the edge of {city}, with easy parking'],
  },
  decimal: '.',
  roomsLine: [
    'Its {n} rooms are {style}.',
    'The {n} rooms are {style}, with blackout curtains and good beds.',
    '{n} rooms, {style}, look onto {outlook}.',
  ],
  style: [
    'bright and simply furnished',
    'decorated in warm woods and linen',
    'styled by local designers',
    'quiet and practical',
    'spacious, with high ceilings',
    'done in muted colours with art from the region',
  ],
  outlook: ['the street', 'an inner courtyard', 'the skyline', 'a garden', 'the river', 'the rooftops'],
  food: [
    'Breakfast is a buffet of local and continental dishes.',
    'The restaurant serves seasonal regional cooking.',
    'A café off the lobby serves breakfast until late morning.',
    'The rooftop bar has views over the city.',
    'There is no restaurant, but many within a few minutes’ walk.',
  ],
  extrasLine: '{List}.',
  extras: {
    pool: 'a pool',
    spa: 'a spa with sauna',
    gym: 'a gym open all hours',
    parking: 'parking on site',
    airport_shuttle: 'a shuttle to the airport',
    family_rooms: 'rooms for families',
    pets_allowed: 'pets are welcome',
  },
  and: 'and',
  room: '{size} m², {beds}, for up to {guests}: {amenities}.',
  beds: {},
  amenities: {
    wifi: 'wifi',
    shower: 'shower',
    bath: 'bathtub',
    desk: 'desk',
    minibar: 'minibar',
    sofa: 'sofa',
    coffee_machine: 'coffee machine',
    lounge_access: 'lounge access',
    view: 'a view',
    rain_shower: 'rain shower',
    butler: 'butler service',
    kitchenette: 'kitchenette',
  },
};

const DE: Phrases = {
  opening: '{name} – {kind}, {starCount} – liegt {where}.',
  star: ['Stern', 'Sterne'],
  guest: ['Gast', 'Gäste'],
  kind: {
    1: ['einfache Pension', 'günstiges Hotel', 'Hostel mit Privatzimmern'],
    2: ['günstiges Hotel', 'familiengeführte Pension', 'kompaktes Stadthotel'],
    3: ['komfortables Stadthotel', 'familiengeführtes Hotel', 'modernes Hotel', 'kleines Boutiquehotel'],
    4: ['Designhotel', 'Businesshotel', 'Boutiquehotel', 'gehobenes Hotel'],
    5: ['Grandhotel', 'Luxushotel', 'traditionsreiches Haus', 'Palasthotel'],
  },
  where: {
    centre: [
      'im Herzen von {city}',
      'wenige Gehminuten vom Zentrum von {city}',
      'an einem belebten Platz in {city}',
    ],
    old_town: ['in der Altstadt von {city}', 'in einer ruhigen Gasse mit Kopfsteinpflaster im alten {city}'],
    station: ['{km} km von {station}', 'gegenüber von {station}', 'wenige Gehminuten von {station}'],
    airport: ['{km} km von {airport}, mit Shuttle zu den Terminals', 'direkt neben {airport}'],
    business: ['im Geschäftsviertel von {city}', 'neben dem Kongresszentrum von {city}'],
    outskirts: ['in einem grünen Wohnviertel von {city}', 'am Stadtrand von {city}, mit bequemem Parken'],
  },
  decimal: ',',
  roomsLine: [
    'Die {n} Zimmer sind {style}.',
    'Die {n} Zimmer sind {style}, mit Verdunkelungsvorhängen und guten Betten.',
    '{n} Zimmer, {style}, blicken auf {outlook}.',
  ],
  style: [
    'hell und schlicht eingerichtet',
    'in warmem Holz und Leinen gehalten',
    'von Designern aus der Region gestaltet',
    'ruhig und praktisch',
    'geräumig, mit hohen Decken',
    'in gedeckten Farben gehalten, mit Kunst aus der Region',
  ],
  outlook: ['die Straße', 'einen Innenhof', 'die Skyline', 'einen Garten', 'den Fluss', 'die Dächer'],
  food: [
    'Zum Frühstück gibt es ein Buffet mit regionalen und internationalen Speisen.',
    'Das Restaurant serviert saisonale Küche der Region.',
    'Ein Café neben der Lobby serviert Frühstück bis in den späten Vormittag.',
    'Die Dachbar bietet einen Blick über die Stadt.',
    'Ein Restaurant gibt es nicht, aber viele in wenigen Gehminuten.',
  ],
  extrasLine: 'Außerdem: {list}.',
  extras: {
    pool: 'ein Pool',
    spa: 'ein Spa mit Sauna',
    gym: 'ein rund um die Uhr geöffneter Fitnessraum',
    parking: 'Parkplätze am Haus',
    airport_shuttle: 'ein Shuttle zum Flughafen',
    family_rooms: 'Familienzimmer',
    pets_allowed: 'Haustiere willkommen',
  },
  and: 'und',
  room: '{size} m², {beds}, für bis zu {guests}: {amenities}.',
  beds: {
    '1 single bed': '1 Einzelbett',
    '1 double bed': '1 Doppelbett',
    '2 single beds': '2 Einzelbetten',
    '3 single beds': '3 Einzelbetten',
    '1 queen bed': '1 Queensize-Bett',
    '1 double bed and 2 single beds': '1 Doppelbett und 2 Einzelbetten',
    '1 king bed': '1 Kingsize-Bett',
    '2 double beds': '2 Doppelbetten',
    '1 king bed and a sofa bed': '1 Kingsize-Bett und ein Schlafsofa',
    '1 king bed, separate living room': '1 Kingsize-Bett, separates Wohnzimmer',
  },
  amenities: {
    wifi: 'WLAN',
    shower: 'Dusche',
    bath: 'Badewanne',
    desk: 'Schreibtisch',
    minibar: 'Minibar',
    sofa: 'Sofa',
    coffee_machine: 'Kaffeemaschine',
    lounge_access: 'Zugang zur Lounge',
    view: 'Aussicht',
    rain_shower: 'Regendusche',
    butler: 'Butlerservice',
    kitchenette: 'Kochnische',
  },
};

const FR: Phrases = {
  opening: '{name} : {kind} {starCount} {where}.',
  star: ['étoile', 'étoiles'],
  guest: ['personne', 'personnes'],
  kind: {
    1: ['pension simple', 'hôtel économique', 'auberge avec chambres privées'],
    2: ['hôtel économique', 'pension familiale', 'hôtel urbain compact'],
    3: ['hôtel urbain confortable', 'hôtel familial', 'hôtel moderne', 'petit hôtel de charme'],
    4: ['hôtel design', 'hôtel d’affaires', 'hôtel de charme', 'hôtel haut de gamme'],
    5: ['grand hôtel', 'hôtel de luxe', 'hôtel emblématique', 'palace'],
  },
  where: {
    centre: ['au cœur de {city}', 'à quelques pas du centre de {city}', 'sur une place animée de {city}'],
    old_town: ['dans la vieille ville de {city}', 'dans une rue pavée et calme du vieux {city}'],
    station: ['à {km} km de {station}', 'en face de {station}', 'à quelques minutes à pied de {station}'],
    airport: ['à {km} km de {airport}, avec navette vers les terminaux', 'à côté de {airport}'],
    business: ['dans le quartier d’affaires de {city}', 'à côté du centre des congrès de {city}'],
    outskirts: [
      'dans un quartier résidentiel verdoyant de {city}',
      'en bordure de {city}, avec stationnement facile',
    ],
  },
  decimal: ',',
  roomsLine: [
    'Ses {n} chambres sont {style}.',
    'Les {n} chambres sont {style}, avec rideaux occultants et bonne literie.',
    '{n} chambres, {style}, donnent sur {outlook}.',
  ],
  style: [
    'lumineuses et simplement meublées',
    'décorées de bois chaleureux et de lin',
    'aménagées par des designers locaux',
    'calmes et pratiques',
    'spacieuses, avec de hauts plafonds',
    'aux tons sourds, ornées d’œuvres de la région',
  ],
  outlook: ['la rue', 'une cour intérieure', 'les toits de la ville', 'un jardin', 'la rivière', 'les toits'],
  food: [
    'Le petit-déjeuner est un buffet de plats locaux et continentaux.',
    'Le restaurant propose une cuisine régionale de saison.',
    'Un café attenant au hall sert le petit-déjeuner jusqu’en fin de matinée.',
    'Le bar sur le toit offre une vue sur la ville.',
    'Pas de restaurant sur place, mais beaucoup à quelques minutes à pied.',
  ],
  extrasLine: 'Sur place : {list}.',
  extras: {
    pool: 'une piscine',
    spa: 'un spa avec sauna',
    gym: 'une salle de sport ouverte jour et nuit',
    parking: 'un parking',
    airport_shuttle: 'une navette pour l’aéroport',
    family_rooms: 'des chambres familiales',
    pets_allowed: 'les animaux sont les bienvenus',
  },
  and: 'et',
  room: '{size} m², {beds}, jusqu’à {guests} : {amenities}.',
  beds: {
    '1 single bed': '1 lit simple',
    '1 double bed': '1 lit double',
    '2 single beds': '2 lits simples',
    '3 single beds': '3 lits simples',
    '1 queen bed': '1 lit queen size',
    '1 double bed and 2 single beds': '1 lit double et 2 lits simples',
    '1 king bed': '1 lit king size',
    '2 double beds': '2 lits doubles',
    '1 king bed and a sofa bed': '1 lit king size et un canapé-lit',
    '1 king bed, separate living room': '1 lit king size, salon séparé',
  },
  amenities: {
    wifi: 'wifi',
    shower: 'douche',
    bath: 'baignoire',
    desk: 'bureau',
    minibar: 'minibar',
    sofa: 'canapé',
    coffee_machine: 'machine à café',
    lounge_access: 'accès au salon',
    view: 'vue',
    rain_shower: 'douche à effet pluie',
    butler: 'service de majordome',
    kitchenette: 'kitchenette',
  },
};

const ES: Phrases = {
  opening: '{name}: {kind} de {starCount} {where}.',
  star: ['estrella', 'estrellas'],
  guest: ['persona', 'personas'],
  kind: {
    1: ['pensión sencilla', 'hotel económico', 'albergue con habitaciones privadas'],
    2: ['hotel económico', 'pensión familiar', 'hotel urbano compacto'],
    3: ['cómodo hotel urbano', 'hotel familiar', 'hotel moderno', 'pequeño hotel boutique'],
    4: ['hotel de diseño', 'hotel de negocios', 'hotel boutique', 'hotel de categoría superior'],
    5: ['gran hotel', 'hotel de lujo', 'hotel emblemático', 'hotel palacio'],
  },
  where: {
    centre: [
      'en el corazón de {city}',
      'a un corto paseo del centro de {city}',
      'en una animada plaza de {city}',
    ],
    old_town: ['en el casco antiguo de {city}', 'en una tranquila calle empedrada del {city} histórico'],
    station: ['a {km} km de {station}', 'frente a {station}', 'a pocos minutos a pie de {station}'],
    airport: ['a {km} km de {airport}, con traslado a las terminales', 'junto a {airport}'],
    business: ['en el distrito financiero de {city}', 'junto al palacio de congresos de {city}'],
    outskirts: [
      'en un barrio residencial verde de {city}',
      'en las afueras de {city}, con aparcamiento fácil',
    ],
  },
  decimal: ',',
  roomsLine: [
    'Sus {n} habitaciones son {style}.',
    'Las {n} habitaciones son {style}, con cortinas opacas y buenas camas.',
    '{n} habitaciones, {style}, dan a {outlook}.',
  ],
  style: [
    'luminosas y de mobiliario sencillo',
    'decoradas con maderas cálidas y lino',
    'diseñadas por creadores locales',
    'tranquilas y prácticas',
    'amplias, con techos altos',
    'en colores suaves, con arte de la región',
  ],
  outlook: ['la calle', 'un patio interior', 'el perfil de la ciudad', 'un jardín', 'el río', 'los tejados'],
  food: [
    'El desayuno es un bufé de platos locales y continentales.',
    'El restaurante sirve cocina regional de temporada.',
    'Una cafetería junto al vestíbulo sirve desayunos hasta media mañana.',
    'El bar de la azotea tiene vistas a la ciudad.',
    'No hay restaurante, pero sí muchos a pocos minutos a pie.',
  ],
  extrasLine: 'Además: {list}.',
  extras: {
    pool: 'piscina',
    spa: 'spa con sauna',
    gym: 'gimnasio abierto las 24 horas',
    parking: 'aparcamiento propio',
    airport_shuttle: 'traslado al aeropuerto',
    family_rooms: 'habitaciones familiares',
    pets_allowed: 'se admiten mascotas',
  },
  and: 'y',
  room: '{size} m², {beds}, hasta {guests}: {amenities}.',
  beds: {
    '1 single bed': '1 cama individual',
    '1 double bed': '1 cama doble',
    '2 single beds': '2 camas individuales',
    '3 single beds': '3 camas individuales',
    '1 queen bed': '1 cama queen',
    '1 double bed and 2 single beds': '1 cama doble y 2 camas individuales',
    '1 king bed': '1 cama king',
    '2 double beds': '2 camas dobles',
    '1 king bed and a sofa bed': '1 cama king y un sofá cama',
    '1 king bed, separate living room': '1 cama king, salón independiente',
  },
  amenities: {
    wifi: 'wifi',
    shower: 'ducha',
    bath: 'bañera',
    desk: 'escritorio',
    minibar: 'minibar',
    sofa: 'sofá',
    coffee_machine: 'cafetera',
    lounge_access: 'acceso al salón',
    view: 'vistas',
    rain_shower: 'ducha de lluvia',
    butler: 'servicio de mayordomo',
    kitchenette: 'cocina americana',
  },
};

export const PHRASES: Record<ContentLanguage, Phrases> = { en: EN, de: DE, fr: FR, es: ES };

/** `a, b and c` in a language. */
export function listIn(phrases: Phrases, items: readonly string[]): string {
  return items.length === 1 ? items[0]! : `${items.slice(0, -1).join(', ')} ${phrases.and} ${items.at(-1)}`;
}

/** `1 Stern`, `4 Sternen`: a count with its word. */
export const counted = (words: readonly [string, string], n: number) =>
  `${n} ${n === 1 ? words[0] : words[1]}`;
