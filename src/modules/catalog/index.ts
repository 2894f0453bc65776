export { catalogRoutes, CATALOG_SCHEMAS } from './catalog.routes.ts';
export { createCatalogueService, type CatalogueService } from './catalogue-service.ts';
export type { Catalogue } from './catalogue.types.ts';
export { loadCatalogue } from './load-catalogue.ts';
