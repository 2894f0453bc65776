/**
 * The main railway station of cities travellers reach by train, for a hotel's "distance to". The
 * busiest or principal long-distance station of each city, by its operator's name; coordinates from
 * OpenStreetMap, to about a hundred metres. The city is the GeoNames place of the catalogue.
 */
export const MAIN_STATIONS: ReadonlyArray<{
  geonameId: number;
  name: string;
  latitude: number;
  longitude: number;
}> = [
  { geonameId: 2643743, name: 'London Waterloo', latitude: 51.5031, longitude: -0.1132 },
  { geonameId: 2988507, name: 'Paris Gare du Nord', latitude: 48.8809, longitude: 2.3553 },
  { geonameId: 3128760, name: 'Barcelona Sants', latitude: 41.3791, longitude: 2.14 },
  { geonameId: 3117735, name: 'Madrid Puerta de Atocha', latitude: 40.4066, longitude: -3.6892 },
  { geonameId: 3169070, name: 'Roma Termini', latitude: 41.901, longitude: 12.5018 },
  { geonameId: 3173435, name: 'Milano Centrale', latitude: 45.4862, longitude: 9.2046 },
  { geonameId: 3164603, name: 'Venezia Santa Lucia', latitude: 45.4411, longitude: 12.321 },
  { geonameId: 2759794, name: 'Amsterdam Centraal', latitude: 52.3791, longitude: 4.9003 },
  { geonameId: 2950159, name: 'Berlin Hauptbahnhof', latitude: 52.5251, longitude: 13.3694 },
  { geonameId: 2867714, name: 'München Hauptbahnhof', latitude: 48.1402, longitude: 11.56 },
  { geonameId: 2925533, name: 'Frankfurt (Main) Hauptbahnhof', latitude: 50.1071, longitude: 8.6638 },
  { geonameId: 2911298, name: 'Hamburg Hauptbahnhof', latitude: 53.553, longitude: 10.0069 },
  { geonameId: 2761369, name: 'Wien Hauptbahnhof', latitude: 48.1852, longitude: 16.376 },
  { geonameId: 2657896, name: 'Zürich HB', latitude: 47.3782, longitude: 8.5402 },
  { geonameId: 3067696, name: 'Praha hlavní nádraží', latitude: 50.0831, longitude: 14.4353 },
  { geonameId: 2800866, name: 'Bruxelles-Midi', latitude: 50.8355, longitude: 4.3363 },
  { geonameId: 2267057, name: 'Lisboa Oriente', latitude: 38.7679, longitude: -9.099 },
  { geonameId: 2964574, name: 'Dublin Connolly', latitude: 53.351, longitude: -6.2499 },
  { geonameId: 2650225, name: 'Edinburgh Waverley', latitude: 55.952, longitude: -3.189 },
  { geonameId: 2618425, name: 'København H', latitude: 55.6727, longitude: 12.5646 },
  { geonameId: 2673730, name: 'Stockholm Central', latitude: 59.3303, longitude: 18.0582 },
  { geonameId: 3143244, name: 'Oslo S', latitude: 59.911, longitude: 10.752 },
  { geonameId: 3054643, name: 'Budapest-Keleti', latitude: 47.5003, longitude: 19.0838 },
  { geonameId: 756135, name: 'Warszawa Centralna', latitude: 52.2289, longitude: 21.0031 },
  { geonameId: 5128581, name: 'New York Penn Station', latitude: 40.7506, longitude: -73.9935 },
  { geonameId: 4887398, name: 'Chicago Union Station', latitude: 41.8787, longitude: -87.6403 },
  { geonameId: 4140963, name: 'Washington Union Station', latitude: 38.8973, longitude: -77.0063 },
  { geonameId: 6167865, name: 'Toronto Union Station', latitude: 43.6453, longitude: -79.3806 },
  { geonameId: 1850147, name: 'Tokyo Station', latitude: 35.6812, longitude: 139.7671 },
  { geonameId: 1853909, name: 'Shin-Osaka', latitude: 34.7334, longitude: 135.5001 },
  { geonameId: 1857910, name: 'Kyoto Station', latitude: 34.9858, longitude: 135.7588 },
  { geonameId: 1835848, name: 'Seoul Station', latitude: 37.5547, longitude: 126.9707 },
  { geonameId: 1816670, name: 'Beijing South', latitude: 39.8652, longitude: 116.3786 },
  { geonameId: 1796236, name: 'Shanghai Hongqiao', latitude: 31.1945, longitude: 121.3203 },
  { geonameId: 1819729, name: 'Hong Kong West Kowloon', latitude: 22.304, longitude: 114.166 },
  { geonameId: 1609350, name: 'Krung Thep Aphiwat Central Terminal', latitude: 13.8036, longitude: 100.54 },
  { geonameId: 1261481, name: 'New Delhi', latitude: 28.6429, longitude: 77.2191 },
  { geonameId: 1275339, name: 'Chhatrapati Shivaji Maharaj Terminus', latitude: 18.9398, longitude: 72.8355 },
  { geonameId: 2147714, name: 'Sydney Central', latitude: -33.8832, longitude: 151.2063 },
  { geonameId: 2158177, name: 'Melbourne Southern Cross', latitude: -37.8184, longitude: 144.9525 },
  { geonameId: 360630, name: 'Cairo Ramses', latitude: 30.0625, longitude: 31.2467 },
];
