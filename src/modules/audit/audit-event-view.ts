import type { AuditEventRow } from './audit-log.ts';

/** An audit event as the API shows it: the actor and target as objects, the before and after as JSON. */
export const auditEventView = (r: AuditEventRow) => ({
  id: r.id,
  at: r.at,
  action: r.action,
  outcome: r.outcome,
  actor: { type: r.actor_type, id: r.actor_id, name: r.actor_name },
  agency_id: r.agency_id,
  target: r.target_type && r.target_id ? { type: r.target_type, id: r.target_id } : null,
  ip: r.ip,
  request_id: r.request_id,
  before: r.before === null ? null : (JSON.parse(r.before) as unknown),
  after: r.after === null ? null : (JSON.parse(r.after) as unknown),
});
