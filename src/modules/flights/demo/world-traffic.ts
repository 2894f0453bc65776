/*
 * The demo world's largest airlines with their hubs and bases, as the airlines give them (their route
 * maps and annual reports, 2024). The busiest airports are the catalogue's (airport-traffic.ts).
 */
export type Alliance = 'star' | 'oneworld' | 'skyteam';

export interface CarrierProfile {
  code: string;
  country: string;
  /** Hubs and bases, the main one first. */
  hubs: readonly string[];
  /** Network carriers fly long haul from their hubs; low-cost carriers fly short haul between bases and cities. */
  model: 'network' | 'low_cost';
  alliance?: Alliance;
}

/** The largest airlines by passengers carried (2024, IATA WATS and the airlines' reports), largest first. */
export const CARRIERS: readonly CarrierProfile[] = [
  {
    code: 'AA',
    country: 'US',
    hubs: ['DFW', 'CLT', 'ORD', 'MIA', 'PHL', 'PHX', 'LAX', 'JFK', 'DCA'],
    model: 'network',
    alliance: 'oneworld',
  },
  {
    code: 'DL',
    country: 'US',
    hubs: ['ATL', 'DTW', 'MSP', 'SLC', 'JFK', 'LAX', 'SEA', 'BOS', 'LGA'],
    model: 'network',
    alliance: 'skyteam',
  },
  {
    code: 'UA',
    country: 'US',
    hubs: ['ORD', 'DEN', 'IAH', 'EWR', 'SFO', 'IAD', 'LAX'],
    model: 'network',
    alliance: 'star',
  },
  {
    code: 'FR',
    country: 'IE',
    hubs: ['DUB', 'STN', 'BGY', 'MAD', 'BCN', 'CRL', 'PMI', 'AGP'],
    model: 'low_cost',
  },
  {
    code: 'WN',
    country: 'US',
    hubs: ['DEN', 'LAS', 'MDW', 'BWI', 'PHX', 'DAL', 'HOU', 'MCO', 'AUS', 'BNA'],
    model: 'low_cost',
  },
  { code: 'CZ', country: 'CN', hubs: ['CAN', 'PKX', 'SZX', 'CKG', 'URC'], model: 'network' },
  { code: 'MU', country: 'CN', hubs: ['PVG', 'SHA', 'KMG', 'XIY'], model: 'network', alliance: 'skyteam' },
  { code: 'CA', country: 'CN', hubs: ['PEK', 'TFU', 'CTU', 'SHA'], model: 'network', alliance: 'star' },
  { code: '6E', country: 'IN', hubs: ['DEL', 'BOM', 'BLR', 'HYD', 'CCU', 'MAA'], model: 'low_cost' },
  { code: 'TK', country: 'TR', hubs: ['IST'], model: 'network', alliance: 'star' },
  { code: 'U2', country: 'GB', hubs: ['LGW', 'LTN', 'GVA', 'BER', 'MXP', 'ORY', 'AMS'], model: 'low_cost' },
  { code: 'LH', country: 'DE', hubs: ['FRA', 'MUC'], model: 'network', alliance: 'star' },
  { code: 'EK', country: 'AE', hubs: ['DXB'], model: 'network' },
  { code: 'AF', country: 'FR', hubs: ['CDG', 'ORY'], model: 'network', alliance: 'skyteam' },
  { code: 'BA', country: 'GB', hubs: ['LHR', 'LGW'], model: 'network', alliance: 'oneworld' },
  { code: 'W6', country: 'HU', hubs: ['BUD', 'OTP', 'WAW', 'LTN', 'KTW'], model: 'low_cost' },
  { code: 'LA', country: 'CL', hubs: ['SCL', 'GRU', 'LIM', 'BOG'], model: 'network' },
  { code: 'QR', country: 'QA', hubs: ['DOH'], model: 'network', alliance: 'oneworld' },
  { code: 'KL', country: 'NL', hubs: ['AMS'], model: 'network', alliance: 'skyteam' },
  { code: 'NH', country: 'JP', hubs: ['HND', 'NRT', 'KIX'], model: 'network', alliance: 'star' },
  { code: 'JL', country: 'JP', hubs: ['HND', 'NRT'], model: 'network', alliance: 'oneworld' },
  { code: 'SQ', country: 'SG', hubs: ['SIN'], model: 'network', alliance: 'star' },
  { code: 'CX', country: 'HK', hubs: ['HKG'], model: 'network', alliance: 'oneworld' },
  { code: 'AC', country: 'CA', hubs: ['YYZ', 'YVR', 'YUL'], model: 'network', alliance: 'star' },
  { code: 'QF', country: 'AU', hubs: ['SYD', 'MEL', 'BNE', 'PER'], model: 'network', alliance: 'oneworld' },
  { code: 'IB', country: 'ES', hubs: ['MAD'], model: 'network', alliance: 'oneworld' },
  { code: 'KE', country: 'KR', hubs: ['ICN'], model: 'network', alliance: 'skyteam' },
  { code: 'EY', country: 'AE', hubs: ['AUH'], model: 'network' },
  { code: 'AI', country: 'IN', hubs: ['DEL', 'BOM'], model: 'network', alliance: 'star' },
  { code: 'VY', country: 'ES', hubs: ['BCN', 'FCO', 'ORY'], model: 'low_cost' },
  { code: 'AS', country: 'US', hubs: ['SEA', 'PDX', 'SFO', 'ANC'], model: 'network', alliance: 'oneworld' },
  { code: 'B6', country: 'US', hubs: ['JFK', 'BOS', 'FLL'], model: 'low_cost' },
  { code: 'SV', country: 'SA', hubs: ['JED', 'RUH'], model: 'network', alliance: 'skyteam' },
  { code: 'TG', country: 'TH', hubs: ['BKK'], model: 'network', alliance: 'star' },
  { code: 'MH', country: 'MY', hubs: ['KUL'], model: 'network', alliance: 'oneworld' },
  { code: 'AK', country: 'MY', hubs: ['KUL', 'BKI'], model: 'low_cost' },
  { code: 'GA', country: 'ID', hubs: ['CGK', 'DPS'], model: 'network', alliance: 'skyteam' },
  { code: 'AM', country: 'MX', hubs: ['MEX'], model: 'network', alliance: 'skyteam' },
  { code: 'ET', country: 'ET', hubs: ['ADD'], model: 'network', alliance: 'star' },
  { code: 'CM', country: 'PA', hubs: ['PTY'], model: 'network', alliance: 'star' },
  { code: 'AV', country: 'CO', hubs: ['BOG'], model: 'network', alliance: 'star' },
  { code: 'G3', country: 'BR', hubs: ['GRU', 'GIG'], model: 'low_cost' },
  { code: 'LX', country: 'CH', hubs: ['ZRH', 'GVA'], model: 'network', alliance: 'star' },
  { code: 'SK', country: 'SE', hubs: ['CPH', 'ARN', 'OSL'], model: 'network', alliance: 'skyteam' },
  { code: 'AY', country: 'FI', hubs: ['HEL'], model: 'network', alliance: 'oneworld' },
  { code: 'TP', country: 'PT', hubs: ['LIS'], model: 'network', alliance: 'star' },
  { code: 'HU', country: 'CN', hubs: ['PEK', 'HAK'], model: 'network' },
  { code: 'BR', country: 'TW', hubs: ['TPE'], model: 'network', alliance: 'star' },
  { code: 'CI', country: 'TW', hubs: ['TPE'], model: 'network', alliance: 'skyteam' },
  { code: 'VN', country: 'VN', hubs: ['SGN', 'HAN'], model: 'network', alliance: 'skyteam' },
  { code: 'PR', country: 'PH', hubs: ['MNL'], model: 'network' },
  { code: 'MS', country: 'EG', hubs: ['CAI'], model: 'network', alliance: 'star' },
  { code: 'SA', country: 'ZA', hubs: ['JNB'], model: 'network' },
  { code: 'KQ', country: 'KE', hubs: ['NBO'], model: 'network', alliance: 'skyteam' },
  { code: 'NZ', country: 'NZ', hubs: ['AKL'], model: 'network', alliance: 'star' },
  { code: 'VS', country: 'GB', hubs: ['LHR', 'MAN'], model: 'network', alliance: 'skyteam' },
  { code: 'DY', country: 'NO', hubs: ['OSL', 'ARN', 'CPH', 'HEL'], model: 'low_cost' },
  { code: 'EW', country: 'DE', hubs: ['DUS', 'CGN', 'HAM', 'STR'], model: 'low_cost' },
  { code: 'PC', country: 'TR', hubs: ['SAW', 'AYT'], model: 'low_cost' },
  { code: 'AT', country: 'MA', hubs: ['CMN'], model: 'network', alliance: 'oneworld' },
  { code: 'LY', country: 'IL', hubs: ['TLV'], model: 'network' },
  { code: 'AR', country: 'AR', hubs: ['EZE', 'AEP'], model: 'network', alliance: 'skyteam' },
  { code: 'WY', country: 'OM', hubs: ['MCT'], model: 'network', alliance: 'oneworld' },
  { code: 'KU', country: 'KW', hubs: ['KWI'], model: 'network' },
];
