export { distanceKm, fold } from '../../shared/text.ts';
export { CATALOG_SCHEMAS, catalogRoutes } from './catalog.routes.ts';
export type { Airline, Airport, Catalogue, City, Country } from './catalogue.types.ts';
export { type CatalogueService, createCatalogueService } from './catalogue-service.ts';
export { loadCatalogue } from './load-catalogue.ts';
