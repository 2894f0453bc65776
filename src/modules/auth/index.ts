export { createAccessTokens, type Principal } from './access-tokens.ts';
export { type AccountsService, createAccountsService } from './accounts-service.ts';
export { authModule } from './auth.plugin.ts';
export { type BearerGuard, createBearerGuard, principalOf } from './bearer-guard.ts';
export { createClientsRepository } from './clients-repository.ts';
export { createUserRoute } from './create-user.route.ts';
export {
  createDemoAccounts,
  DEMO_CLIENT_ID,
  DEMO_USERNAMES,
  type DemoCredentials,
  demoCredentialsFile,
  readDemoCredentials,
} from './demo-accounts.ts';
export { createLoginFailuresRepository } from './login-failures-repository.ts';

import { AgencySchema } from './agencies.routes.ts';
import { MachineClientSchema } from './clients.routes.ts';
import { CreateUserRequestSchema, UserSchema } from './create-user.route.ts';
import { OAuthErrorSchema, TokenResponseSchema } from './oauth.schemas.ts';
import { UserAccountSchema } from './users.routes.ts';

/** The account schemas a client names; added once to the app, so the OpenAPI document refers to them. */
export const AUTH_SCHEMAS = [
  OAuthErrorSchema,
  TokenResponseSchema,
  CreateUserRequestSchema,
  UserSchema,
  AgencySchema,
  MachineClientSchema,
  UserAccountSchema,
];
export { accountsModule } from './accounts.module.ts';
export { administeredAgency } from './agency-reach.ts';
export { ROLES, type Role } from './scopes.ts';
export { resealSecondFactors } from './second-factors-repository.ts';
export { createSigningKeys } from './signing-keys.ts';
export { createSigningKeysRepository } from './signing-keys-repository.ts';
export { createTokenService } from './token-service.ts';
export { createTokensRepository } from './tokens-repository.ts';
export { createUsersRepository } from './users-repository.ts';
export { type Visibility, visibilityOf } from './visibility.ts';
