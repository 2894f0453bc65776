import { invalidField } from '../../../http/app-error.ts';
import { type Catalogue, distanceKm } from '../../catalog/index.ts';
import type { HotelIndex } from './hotel-index.ts';
import { type FoundHotels, foundHotels, type Measure } from './hotel-look.ts';
import type { SearchHotelsRequest } from './search-hotels.schemas.ts';

/**
 * The currency the price filters are in: the one asked for, or the one every hotel found is priced
 * in. Hotels priced in several currencies need it said.
 */
export function filterCurrency(
  req: SearchHotelsRequest,
  currenciesFound: () => ReadonlySet<string>,
): string | undefined {
  const f = req.filters ?? {};
  if (f.min_total_amount === undefined && f.max_total_amount === undefined) return undefined;
  if (req.currency) return req.currency;
  const currencies = currenciesFound();
  if (currencies.size <= 1) return [...currencies][0];
  throw invalidField(
    '/currency',
    `is needed to filter by price: the hotels found are priced in ${[...currencies].sort().join(', ')}`,
  );
}

/**
 * The positions of the hotels a search looks at, and how far each is from the point asked about:
 * measured here for a radius (which it limits), and only when first asked for a city's hotels (a city of
 * thousands sorted by price needs the distances of the twenty it shows).
 */
export function candidates(
  index: HotelIndex,
  req: SearchHotelsRequest,
  catalogue: Pick<Catalogue, 'cityById'>,
): { found: FoundHotels; measure: Measure } {
  const d = req.destination;
  if ('hotel_ids' in d) {
    const found = foundHotels(d.hotel_ids.length);
    for (const id of d.hotel_ids) {
      const at = index.positionOfId(id);
      if (at === undefined) continue;
      found.at[found.length] = at;
      found.distance[found.length++] = Number.NaN;
    }
    return { found, measure: () => null };
  }
  const centre =
    'city_id' in d ? catalogue.cityById.get(d.city_id) : { latitude: d.latitude, longitude: d.longitude };
  if (!centre) throw invalidField('/destination/city_id', 'is not a city of /b2c/cities');
  const measure = (at: number) =>
    distanceKm(centre.latitude, centre.longitude, index.latitudeAt(at), index.longitudeAt(at));
  if ('city_id' in d) {
    const positions = index.cityPositions(d.city_id);
    const found = foundHotels(positions.length);
    found.at.set(positions);
    found.distance.fill(Number.NaN);
    found.length = positions.length;
    return { found, measure };
  }
  const radius = d.radius_km ?? 5;
  const positions = index.nearPositions(d.latitude, d.longitude, radius);
  const found = foundHotels(positions.length);
  for (const at of positions) {
    const distance = measure(at);
    if (distance > radius) continue;
    found.at[found.length] = at;
    found.distance[found.length++] = distance;
  }
  return { found, measure };
}
