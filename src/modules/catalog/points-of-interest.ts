import { distanceKm } from '../../shared/text.ts';
import type { Airport, Catalogue, City } from './catalogue.types.ts';
import { MAIN_STATIONS } from './main-stations.ts';

export interface PointOfInterest {
  type: 'city_centre' | 'main_station' | 'airport';
  name: string;
  /** The airport's IATA code; null for the others. */
  code: string | null;
  latitude: number;
  longitude: number;
}

/** How far an airport may stand from a city that has none of its own and still be its airport. */
const NEAREST_AIRPORT_KM = 80;

/**
 * The places a traveller measures a hotel against, per city: its centre (the catalogue's point for
 * the city), its main station where the catalogue knows one, and its busiest airport (the city's own,
 * or the nearest large or medium one with scheduled service within 80 km).
 */
export function createPointsOfInterest(catalogue: Catalogue) {
  const stations = new Map(MAIN_STATIONS.map((s) => [`cty_${s.geonameId}`, s]));
  const served = catalogue.airports.filter((a) => a.scheduled_service && a.size !== 'small');
  const cache = new Map<string, readonly PointOfInterest[]>();

  function airportOf(city: City): Airport | undefined {
    for (const code of city.airports) {
      const airport = catalogue.airportByCode.get(code);
      if (airport?.scheduled_service) return airport;
    }
    let best: Airport | undefined;
    let bestKm = NEAREST_AIRPORT_KM;
    for (const airport of served) {
      if (Math.abs(airport.latitude - city.latitude) > 1) continue;
      const km = distanceKm(city.latitude, city.longitude, airport.latitude, airport.longitude);
      if (km <= bestKm) {
        best = airport;
        bestKm = km;
      }
    }
    return best;
  }

  function build(city: City): PointOfInterest[] {
    const points: PointOfInterest[] = [
      {
        type: 'city_centre',
        name: `${city.name} centre`,
        code: null,
        latitude: city.latitude,
        longitude: city.longitude,
      },
    ];
    const station = stations.get(city.id);
    if (station)
      points.push({
        type: 'main_station',
        name: station.name,
        code: null,
        latitude: station.latitude,
        longitude: station.longitude,
      });
    const airport = airportOf(city);
    if (airport)
      points.push({
        type: 'airport',
        name: airport.name,
        code: airport.iata,
        latitude: airport.latitude,
        longitude: airport.longitude,
      });
    return points;
  }

  return function pointsOfInterest(cityId: string): readonly PointOfInterest[] {
    let points = cache.get(cityId);
    if (!points) {
      const city = catalogue.cityById.get(cityId);
      points = city ? build(city) : [];
      cache.set(cityId, points);
    }
    return points;
  };
}
