export { distanceKm, fold } from '../../shared/text.ts';
export { AIRPORT_TRAFFIC, CLOSED_TO_PASSENGERS, cityPassengers } from './airport-traffic.ts';
export { catalogModule } from './catalog.module.ts';
export { CATALOG_SCHEMAS, catalogRoutes } from './catalog.routes.ts';
export type { Airline, Airport, Catalogue, City, Country } from './catalogue.types.ts';
export { CATALOGUE_CACHE_DIR, cachedCatalogue, catalogueKey } from './catalogue-cache.ts';
export { type CatalogueService, createCatalogueService } from './catalogue-service.ts';
export {
  readCatalogueSnapshot,
  saveCatalogueSnapshot,
  writeCatalogueSnapshot,
} from './catalogue-snapshot.ts';
export { loadCatalogue } from './load-catalogue.ts';
export { pickByScript, searchKeys } from './place-name-rules.ts';
export { createPointsOfInterest, type PointOfInterest } from './points-of-interest.ts';
