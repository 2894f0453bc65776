export type { Profile } from './traveller-profile.ts';
export { travellersModule } from './travellers.module.ts';
export type { TravellersRepository } from './travellers-repository.ts';
export { resealTravellerProfiles } from './travellers-repository.ts';
