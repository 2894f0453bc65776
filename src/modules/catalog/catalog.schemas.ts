import Type from 'typebox';

const Latitude = Type.Number({ minimum: -90, maximum: 90 });
const Longitude = Type.Number({ minimum: -180, maximum: 180 });
const TimeZone = Type.String({ description: 'IANA time zone', examples: ['Europe/London'] });
const CountryCode = Type.String({ description: 'ISO 3166-1 alpha-2', examples: ['GB'] });

export const CountrySchema = Type.Object(
  {
    code: CountryCode,
    name: Type.String({ description: 'In the Accept-Language where known', examples: ['United Kingdom'] }),
    native_name: Type.String(),
    continent: Type.String({ examples: ['EU'] }),
    capital: Type.Union([Type.String(), Type.Null()]),
    currencies: Type.Array(Type.String({ description: 'ISO 4217' }), { examples: [['GBP']] }),
    phone_codes: Type.Array(Type.String()),
    languages: Type.Array(Type.String({ description: 'ISO 639-1' }), {
      description: 'Its languages, the main one first',
      examples: [['en']],
    }),
  },
  { $id: 'Country' },
);

export const CitySchema = Type.Object(
  {
    id: Type.String({ description: 'Opaque city id', examples: ['cty_2643743'] }),
    name: Type.String({
      description: 'In the Accept-Language where known, else English',
      examples: ['London'],
    }),
    country_code: CountryCode,
    population: Type.Integer(),
    latitude: Latitude,
    longitude: Longitude,
    time_zone: TimeZone,
    airports: Type.Array(Type.String(), {
      description: 'IATA codes of the airports serving the city',
      examples: [['LHR', 'LGW']],
    }),
    metro_code: Type.Union([Type.String(), Type.Null()], {
      description:
        'The IATA metropolitan area code of a city with several airports; search takes it as a place',
      examples: ['LON'],
    }),
    local_name: Type.String({
      description: "The name in the country's main language and script",
      examples: ['München'],
    }),
    names: Type.Record(Type.String({ pattern: '^[a-z]{2}$' }), Type.String(), {
      description: 'Names by ISO 639-1 language where they differ from the English one',
      examples: [{ de: 'München', ja: 'ミュンヘン', ru: 'Мюнхен' }],
    }),
  },
  { $id: 'City' },
);

export const AirportSchema = Type.Object(
  {
    iata: Type.String({ examples: ['LHR'] }),
    icao: Type.Union([Type.String(), Type.Null()], { examples: ['EGLL'] }),
    name: Type.String({ examples: ['London Heathrow Airport'] }),
    city_name: Type.String({ description: 'In the Accept-Language where known', examples: ['London'] }),
    city_id: Type.Union([Type.String(), Type.Null()], { examples: ['cty_2643743'] }),
    country_code: CountryCode,
    latitude: Latitude,
    longitude: Longitude,
    elevation_ft: Type.Union([Type.Number(), Type.Null()]),
    time_zone: TimeZone,
    size: Type.String({ enum: ['large', 'medium', 'small'] }),
    scheduled_service: Type.Boolean(),
    annual_passengers: Type.Union([Type.Integer(), Type.Null()], {
      description: 'Passengers a year (2024, rounded) for the busiest airports; null where not known',
      examples: [83900000],
    }),
  },
  { $id: 'Airport' },
);

export const AirlineSchema = Type.Object(
  {
    iata: Type.Union([Type.String(), Type.Null()], { examples: ['BA'] }),
    icao: Type.Union([Type.String(), Type.Null()], { examples: ['BAW'] }),
    name: Type.String({ examples: ['British Airways'] }),
    callsign: Type.Union([Type.String(), Type.Null()]),
    country_code: Type.Union([Type.String(), Type.Null()]),
    active: Type.Boolean(),
  },
  { $id: 'Airline' },
);

export const PlaceSchema = Type.Object(
  {
    type: Type.String({ enum: ['city', 'airport'] }),
    id: Type.String({ description: 'City id, or the airport IATA code' }),
    name: Type.String(),
    iata: Type.Optional(Type.String()),
    city_id: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    city_name: Type.Optional(Type.String()),
    airports: Type.Optional(Type.Array(Type.String())),
    metro_code: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    country_code: CountryCode,
    time_zone: TimeZone,
    score: Type.Number({ description: 'Relevance; higher first' }),
  },
  { $id: 'Place' },
);
