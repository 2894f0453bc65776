export { privacyModule } from './privacy.module.ts';
export { privacyRoutes } from './privacy.routes.ts';
export { createPrivacy, type Privacy } from './privacy.ts';
