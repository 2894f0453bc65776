import type { onRequestAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import type { App } from '../../http/app-instance.ts';
import type { Clock } from '../../ports/clock.ts';
import type { IdGenerator } from '../../ports/ids.ts';
import type { Sealer } from '../../shared/sealed-data.ts';
import { travellersRoutes } from './travellers.routes.ts';
import { CreateTravellerSchema, TravellerSchema, UpdateTravellerSchema } from './travellers.schemas.ts';
import { createTravellers } from './travellers.ts';
import { createTravellersRepository } from './travellers-repository.ts';

/** Traveller profiles: their repository, service and routes. */
export function travellersModule(
  app: App,
  deps: {
    db: Kysely<Database>;
    sealer: Sealer;
    clock: Clock;
    ids: IdGenerator;
    guard: onRequestAsyncHookHandler;
  },
) {
  for (const schema of [TravellerSchema, CreateTravellerSchema, UpdateTravellerSchema]) app.addSchema(schema);
  const repository = createTravellersRepository(deps.db, deps.sealer);
  const travellers = createTravellers({ repository, clock: deps.clock, ids: deps.ids });
  travellersRoutes(app, { travellers, guard: deps.guard });
  return { travellers, repository };
}
