import { STREETS } from './hotel-generator-tables.ts';

/*
 * The demo's street addresses in the manner of the country's language: street names of the language and
 * the number where that language puts it. A language without a table here writes English addresses.
 */

interface AddressStyle {
  streets: readonly string[];
  write: (n: number, street: string, city: string) => string;
}

const after = (n: number, street: string, city: string) => `${street} ${n}, ${city}`;
const before = (n: number, street: string, city: string) => `${n} ${street}, ${city}`;
const comma = (n: number, street: string, city: string) => `${street}, ${n}, ${city}`;

const STYLES: Record<string, AddressStyle> = {
  // The streets the small demo has always had.
  en: { streets: STREETS, write: before },
  fr: {
    streets: [
      'rue du Marché',
      'avenue de la Gare',
      'rue de l’Église',
      'boulevard du Parc',
      'quai du Port',
      'rue Royale',
      'place des Roses',
    ],
    write: before,
  },
  de: {
    streets: [
      'Marktstraße',
      'Bahnhofstraße',
      'Kirchgasse',
      'Parkallee',
      'Hafenweg',
      'Königstraße',
      'Rosenplatz',
    ],
    write: after,
  },
  nl: {
    streets: [
      'Marktstraat',
      'Stationsweg',
      'Kerkstraat',
      'Parklaan',
      'Havenkade',
      'Koningsstraat',
      'Rozenplein',
    ],
    write: after,
  },
  es: {
    streets: [
      'Calle del Mercado',
      'Avenida de la Estación',
      'Calle de la Iglesia',
      'Paseo del Parque',
      'Paseo del Puerto',
      'Calle Real',
      'Plaza de las Rosas',
    ],
    write: comma,
  },
  pt: {
    streets: [
      'Rua do Mercado',
      'Avenida da Estação',
      'Rua da Igreja',
      'Avenida do Parque',
      'Cais do Porto',
      'Rua Direita',
      'Praça das Rosas',
    ],
    write: comma,
  },
  it: {
    streets: [
      'Via del Mercato',
      'Viale della Stazione',
      'Via della Chiesa',
      'Viale del Parco',
      'Via del Porto',
      'Corso Vittorio Emanuele',
      'Piazza delle Rose',
    ],
    write: after,
  },
  tr: {
    streets: [
      'Çarşı Caddesi',
      'İstasyon Caddesi',
      'Cami Sokak',
      'Park Caddesi',
      'Liman Caddesi',
      'Cumhuriyet Caddesi',
      'Gül Meydanı',
    ],
    write: (n, street, city) => `${street} No:${n}, ${city}`,
  },
  ja: {
    streets: ['Honchō', 'Ekimae', 'Motomachi', 'Sakaemachi', 'Minatomachi', 'Chūō', 'Nishiki'],
    // Block numbers, not a street: chōme-banchi-gō, then the district.
    write: (n, district, city) =>
      `${1 + (n % 6)}-${1 + ((n * 7) % 28)}-${1 + ((n * 13) % 19)} ${district}, ${city}`,
  },
  zh: {
    streets: [
      'Zhongshan Road',
      'Renmin Road',
      'Jiefang Road',
      'Huaihai Road',
      'Binjiang Avenue',
      'Nanjing Road',
      'Heping Street',
    ],
    write: (n, street, city) => `No. ${n} ${street}, ${city}`,
  },
  ko: {
    streets: ['Jong-ro', 'Sejong-daero', 'Eulji-ro', 'Toegye-ro', 'Haean-ro', 'Jungang-ro', 'Gangnam-daero'],
    write: before,
  },
  th: {
    streets: [
      'Thanon Talat',
      'Thanon Sathani',
      'Soi Wat Chana',
      'Thanon Suan Luang',
      'Thanon Tha Ruea',
      'Thanon Ratchadamnoen',
      'Soi Dok Kulap',
    ],
    write: before,
  },
  cs: {
    streets: ['Tržní', 'Nádražní', 'Kostelní', 'Parková', 'Přístavní', 'Královská', 'Růžové náměstí'],
    write: after,
  },
  el: {
    streets: [
      'Odos Agoras',
      'Odos Stathmou',
      'Odos Ekklisias',
      'Leoforos Parkou',
      'Akti Limanou',
      'Odos Vasileos',
      'Plateia Rodon',
    ],
    write: after,
  },
  vi: {
    streets: [
      'Đường Chợ',
      'Đường Ga',
      'Đường Nhà Thờ',
      'Đường Công Viên',
      'Đường Bến Cảng',
      'Đường Lê Lợi',
      'Đường Hoa Hồng',
    ],
    write: before,
  },
  id: {
    streets: [
      'Jalan Pasar',
      'Jalan Stasiun',
      'Jalan Gereja',
      'Jalan Taman',
      'Jalan Pelabuhan',
      'Jalan Raya',
      'Jalan Mawar',
    ],
    write: (n, street, city) => `${street} No. ${n}, ${city}`,
  },
  ms: {
    streets: [
      'Jalan Pasar',
      'Jalan Stesen',
      'Jalan Gereja',
      'Jalan Taman',
      'Jalan Pelabuhan',
      'Jalan Raja',
      'Jalan Mawar',
    ],
    write: before,
  },
  ar: {
    streets: [
      'Al Souq Street',
      'Al Mahatta Road',
      'Al Masjid Street',
      'Al Hadiqa Street',
      'Al Corniche Road',
      'King Faisal Road',
      'Al Ward Square',
    ],
    write: before,
  },
};

/** An address in the city from two draws in [0, 1): the house number's and the street's. */
export function addressIn(language: string, numberDraw: number, streetDraw: number, city: string): string {
  const style = STYLES[language] ?? STYLES.en!;
  const street = style.streets[Math.floor(streetDraw * style.streets.length)]!;
  return style.write(1 + Math.floor(numberDraw * 200), street, city);
}
