import { AppError, invalidField } from '../../http/app-error.ts';
import type { Principal } from '../auth/index.ts';

/**
 * Which agency's money a caller may see: an agent only their own (another is 404, as a missing one); an
 * admin any they name, or every agency where `optional`; a customer none (403).
 */
export function agencyScope(
  principal: Principal,
  asked: string | undefined,
  optional: boolean,
): string | undefined {
  if (principal.role === 'admin') {
    if (!asked && !optional) throw invalidField('/agency_id', 'is required for an admin', 'querystring');
    return asked;
  }
  if (!principal.agencyId) throw new AppError('FORBIDDEN', 'Only agency users and admins see agency money');
  if (asked && asked !== principal.agencyId) throw new AppError('NOT_FOUND', `No agency ${asked}`);
  return principal.agencyId;
}
