/**
 * IATA metropolitan area codes: one code for a city served by several airports, as airlines and travel
 * sites use them (NYC for JFK, LaGuardia and Newark). The codes and their airports are IATA's (Airline
 * Coding Directory, as listed in public references of multi-airport cities); the city is the GeoNames
 * place the catalogue links the airports to. Codes that are also an airport's own (BER, BKK, OSL) are
 * left out, so a three-letter code always means one thing.
 */
export const METRO_AREAS: ReadonlyArray<{ code: string; geonameId: number; airports: readonly string[] }> = [
  { code: 'NYC', geonameId: 5128581, airports: ['JFK', 'EWR', 'LGA'] },
  { code: 'LON', geonameId: 2643743, airports: ['LHR', 'LGW', 'STN', 'LTN', 'LCY', 'SEN'] },
  { code: 'PAR', geonameId: 2988507, airports: ['CDG', 'ORY', 'BVA'] },
  { code: 'TYO', geonameId: 1850147, airports: ['HND', 'NRT'] },
  { code: 'CHI', geonameId: 4887398, airports: ['ORD', 'MDW'] },
  { code: 'WAS', geonameId: 4140963, airports: ['IAD', 'DCA', 'BWI'] },
  { code: 'MIL', geonameId: 3173435, airports: ['MXP', 'LIN', 'BGY'] },
  { code: 'ROM', geonameId: 3169070, airports: ['FCO', 'CIA'] },
  { code: 'MOW', geonameId: 524901, airports: ['SVO', 'DME', 'VKO'] },
  { code: 'STO', geonameId: 2673730, airports: ['ARN', 'BMA', 'NYO', 'VST'] },
  { code: 'SAO', geonameId: 3448439, airports: ['GRU', 'CGH', 'VCP'] },
  { code: 'RIO', geonameId: 3451190, airports: ['GIG', 'SDU'] },
  { code: 'BUE', geonameId: 3435910, airports: ['EZE', 'AEP'] },
  { code: 'YTO', geonameId: 6167865, airports: ['YYZ', 'YTZ'] },
  { code: 'YMQ', geonameId: 6077243, airports: ['YUL'] },
  { code: 'SEL', geonameId: 1835848, airports: ['ICN', 'GMP'] },
  { code: 'OSA', geonameId: 1853909, airports: ['KIX', 'ITM', 'UKB'] },
  { code: 'BJS', geonameId: 1816670, airports: ['PEK', 'PKX'] },
  { code: 'JKT', geonameId: 1642911, airports: ['CGK', 'HLP'] },
  { code: 'DTT', geonameId: 4990729, airports: ['DTW'] },
  { code: 'BUH', geonameId: 683506, airports: ['OTP', 'BBU'] },
  { code: 'REK', geonameId: 3413829, airports: ['KEF', 'RKV'] },
];
