import type { onRequestAsyncHookHandler } from 'fastify';
import Type from 'typebox';
import type { App } from '../../http/app-instance.ts';
import { errorResponses } from '../../http/schemas.ts';
import { RuleInputSchema } from './pricing.schemas.ts';
import type { PricingService } from './pricing-service.ts';
import type { RuleInput } from './rule-input.ts';

const tags = ['pricing'];
const security = [{ oauth2: ['admin'] }];
const rule = { 200: Type.Ref('PricingRule') };
const IdBody = { id: Type.String({ maxLength: 64 }) };

/** Admin operations on pricing rules. */
export function pricingRoutes(app: App, deps: { service: PricingService; guard: onRequestAsyncHookHandler }) {
  app.get(
    '/pricing_rules',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'list_pricing_rules',
        tags,
        summary: 'Pricing rules',
        description: 'The rules in force, oldest first; `include_retired` adds retired ones.',
        security,
        querystring: Type.Object(
          { include_retired: Type.Optional(Type.Boolean()) },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ data: Type.Array(Type.Ref('PricingRule')) }),
          ...errorResponses('UNAUTHENTICATED', 'INSUFFICIENT_SCOPE', 'FORBIDDEN'),
        },
      },
    },
    async (request) => ({
      data: await deps.service.list(request.query.include_retired ?? false),
    }),
  );

  app.post(
    '/create_pricing_rule',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'create_pricing_rule',
        tags,
        summary: 'Create a pricing rule',
        description:
          'The selling price is the net plus the markup of the most specific rule matching the sale (the newest ' +
          'among equals); an agency selling earns the rule’s commission. Every process prices with it within a ' +
          'poll (PRICING_POLL_MS); this one at once.',
        security,
        body: RuleInputSchema,
        response: { ...rule, ...errorResponses('UNAUTHENTICATED', 'INSUFFICIENT_SCOPE', 'FORBIDDEN') },
      },
    },
    async (request) => deps.service.create(request.body as RuleInput),
  );

  app.post(
    '/update_pricing_rule',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'update_pricing_rule',
        tags,
        summary: 'Replace a pricing rule’s name, scope and terms',
        description:
          'Fields left out take their defaults (no scope, no markup, no commission). `expected_version` guards ' +
          'against overwriting someone else’s edit (412). Bookings keep the rule version they were priced with.',
        security,
        body: Type.Object(
          {
            ...IdBody,
            expected_version: Type.Optional(Type.Integer({ minimum: 1 })),
            ...RuleInputSchema.properties,
          },
          { additionalProperties: false },
        ),
        response: {
          ...rule,
          ...errorResponses(
            'UNAUTHENTICATED',
            'INSUFFICIENT_SCOPE',
            'FORBIDDEN',
            'NOT_FOUND',
            'PRECONDITION_FAILED',
          ),
        },
      },
    },
    async (request) => {
      const { id, expected_version, ...input } = request.body as RuleInput & {
        id: string;
        expected_version?: number;
      };
      return deps.service.update(id, expected_version, input);
    },
  );

  app.post(
    '/retire_pricing_rule',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'retire_pricing_rule',
        tags,
        summary: 'Retire a pricing rule',
        description: 'It prices nothing from now on; it stays readable for the bookings it priced.',
        security,
        body: Type.Object(IdBody, { additionalProperties: false }),
        response: {
          ...rule,
          ...errorResponses('UNAUTHENTICATED', 'INSUFFICIENT_SCOPE', 'FORBIDDEN', 'NOT_FOUND'),
        },
      },
    },
    async (request) => deps.service.retire(request.body.id),
  );
}
