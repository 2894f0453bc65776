import type { onRequestAsyncHookHandler } from 'fastify';
import type { App } from '../../http/app-instance.ts';
import { privacyRoutes } from './privacy.routes.ts';
import { createPrivacy } from './privacy.ts';

/** A person's data: its export (GET /personal_data) and erasure (POST /erase_personal_data). */
export function privacyModule(
  app: App,
  deps: Parameters<typeof createPrivacy>[0] & {
    guard: onRequestAsyncHookHandler;
    adminGuard: onRequestAsyncHookHandler;
  },
) {
  const { guard, adminGuard, ...rest } = deps;
  const privacy = createPrivacy(rest);
  privacyRoutes(app, { privacy, guard, adminGuard });
  return privacy;
}
