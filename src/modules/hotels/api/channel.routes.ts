import type { FastifyReply, onRequestAsyncHookHandler } from 'fastify';
import Type from 'typebox';
import type { App } from '../../../http/app-instance.ts';
import { errorResponses } from '../../../http/schemas.ts';
import type { Clock } from '../../../ports/clock.ts';
import type { ChannelConnections } from '../channel/channel-connections.ts';
import { type ChannelUpdates, NOTIFICATIONS, type Notification } from '../channel/channel-updates.ts';
import { ERR, EWT, type OtaError } from '../channel/ota-read.ts';
import { notifAnswer, readXml } from '../channel/ota-xml.ts';

const tags = ['channel managers'];
const XML_TYPES = ['application/xml', 'text/xml'];
/** The largest message taken: a year of rates for a hotel's every room and plan. */
const MAX_MESSAGE_BYTES = 5 * 1_048_576;

const ConnectionSchema = Type.Object(
  {
    id: Type.String({ examples: ['chn_01jd8k3m9x4q1w8e5r3t7y6u2i'] }),
    name: Type.String(),
    chain: Type.Union([Type.String(), Type.Null()]),
    hotel_codes: Type.Array(Type.String()),
    reservations_url: Type.Union([Type.String(), Type.Null()]),
    reservations_username: Type.Union([Type.String(), Type.Null()]),
    active: Type.Boolean(),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'ChannelConnection' },
);

/** The Basic credentials of a request, if it sent any. */
function basicCredentials(header: string | undefined): { id: string; secret: string } | undefined {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!m) return undefined;
  const text = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = text.indexOf(':');
  return colon > 0 ? { id: text.slice(0, colon), secret: text.slice(colon + 1) } : undefined;
}

/**
 * Channel managers: `POST /ota` takes OpenTravel notifications (XML, HTTP Basic with a connection's
 * credentials) and answers each with its RS; admins make and list the connections.
 */
export function channelRoutes(
  app: App,
  deps: {
    connections: ChannelConnections;
    updates: ChannelUpdates;
    clock: Clock;
    guard: onRequestAsyncHookHandler;
  },
) {
  const answer = (
    reply: FastifyReply,
    status: number,
    name: string,
    echo: string | undefined,
    outcome: { errors: OtaError[]; warnings: OtaError[] },
  ) =>
    reply
      .code(status)
      .type('application/xml; charset=utf-8')
      .send(notifAnswer(name, echo, deps.clock.now(), outcome));

  app.register(async (plugin) => {
    const scope = plugin as unknown as App;
    scope.addContentTypeParser(
      XML_TYPES,
      { parseAs: 'string', bodyLimit: MAX_MESSAGE_BYTES },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      '/ota',
      {
        bodyLimit: MAX_MESSAGE_BYTES,
        // A body that is not XML text is answered as OTA answers it (an RS with an error), not as a problem.
        attachValidation: true,
        schema: {
          operationId: 'ota_notification',
          tags,
          summary: 'Take an OpenTravel notification from a channel manager',
          description:
            'A hotel group’s channel manager posts `OTA_HotelAvailNotifRQ` (restrictions: Status Close/Open on ' +
            'Master, Arrival or Departure; SetMinLOS/SetMaxLOS by arrival day; BookingLimit), ' +
            '`OTA_HotelRateAmountNotifRQ` (a rate plan’s price per night by number of guests, VAT included or ' +
            'added from AmountBeforeTax) or `OTA_HotelInvCountNotifRQ` (CountType 1: rooms for sale; 2: rooms ' +
            'still available), OpenTravel 2015B or later, with HTTP Basic credentials of a channel connection. ' +
            'The answer is the matching RS: `Success` (with any `Warnings`), or `Errors`, each with the OTA ' +
            'error type and code and the element in error as `Tag`; a message with an error changes nothing. ' +
            'What it sets is what search, rate checks and bookings sell from the next request on, in every ' +
            'process. See docs/channel-managers.md.',
          security: [{ channelBasic: [] }],
          consumes: XML_TYPES,
          produces: ['application/xml'],
          body: Type.String({ maxLength: MAX_MESSAGE_BYTES }),
          response: {
            200: Type.String({ description: 'The RS message (application/xml)' }),
            400: Type.String({
              description: 'The RS with an error: not well-formed, or not a notification taken',
            }),
            401: Type.String({ description: 'The RS with an authentication error' }),
          },
        },
      },
      async (request, reply) => {
        const text = typeof request.body === 'string' ? request.body : '';
        const read = readXml(text);
        const name = read.name ?? 'OTA_HotelAvailNotifRQ';
        const answerName = NOTIFICATIONS[name as Notification] ?? name.replace(/RQ$/, 'RS');
        const echo =
          read.ok && typeof read.root['@EchoToken'] === 'string' ? read.root['@EchoToken'] : undefined;
        const credentials = basicCredentials(request.headers.authorization);
        const connection =
          credentials && (await deps.connections.authenticate(credentials.id, credentials.secret));
        if (!connection) {
          reply.header('www-authenticate', 'Basic realm="itinera-ota"');
          return answer(reply, 401, answerName, echo, {
            errors: [
              {
                type: EWT.authentication,
                code: ERR.authorization,
                text: 'Send the connection id and secret with HTTP Basic',
                tag: '/',
              },
            ],
            warnings: [],
          });
        }
        if (!read.ok)
          return answer(reply, 400, answerName, undefined, {
            errors: [{ type: EWT.unknown, code: ERR.unableToProcess, text: read.error, tag: '/' }],
            warnings: [],
          });
        if (!(read.name in NOTIFICATIONS))
          return answer(reply, 400, answerName, echo, {
            errors: [
              {
                type: EWT.noImplementation,
                code: ERR.unableToProcess,
                text: `${read.name} is not taken here: ${Object.keys(NOTIFICATIONS).join(', ')}`,
                tag: `/${read.name}`,
              },
            ],
            warnings: [],
          });
        const outcome = await deps.updates.apply(connection, read.name as Notification, read.root);
        return answer(reply, 200, NOTIFICATIONS[read.name as Notification], echo, outcome);
      },
    );
  });

  app.post(
    '/create_channel_connection',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'create_channel_connection',
        tags,
        security: [{ oauth2: ['admin'] }],
        summary: 'Connect a hotel group’s channel manager (admin)',
        description:
          'The connection updates the hotels of `chain` and those of `hotel_codes` through POST /ota, with ' +
          'HTTP Basic credentials: its `id` and the `secret` answered here once. Reservations of those hotels ' +
          '(new, modified, cancelled) are sent to `reservations_url` as `OTA_HotelResNotifRQ`, with Basic ' +
          'credentials `reservations_username`/`reservations_password` when given, retried until taken.',
        body: Type.Object(
          {
            name: Type.String({ minLength: 1, maxLength: 100 }),
            chain: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
            hotel_codes: Type.Optional(
              Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 5000 }),
            ),
            reservations_url: Type.Optional(Type.String({ format: 'uri', maxLength: 2000 })),
            reservations_username: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
            reservations_password: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
          },
          { additionalProperties: false },
        ),
        response: {
          201: Type.Object({
            ...ConnectionSchema.properties,
            secret: Type.String({ description: 'Shown once' }),
          }),
          ...errorResponses('VALIDATION_FAILED', 'UNAUTHENTICATED', 'FORBIDDEN', 'INSUFFICIENT_SCOPE'),
        },
      },
    },
    async (request, reply) => reply.code(201).send(await deps.connections.create(request.body)),
  );

  app.get(
    '/list_channel_connections',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'list_channel_connections',
        tags,
        security: [{ oauth2: ['admin'] }],
        summary: 'List the channel connections (admin)',
        description: 'Every connection, oldest first, without its secret or the receiver’s password.',
        response: {
          200: Type.Object({ data: Type.Array(ConnectionSchema) }),
          ...errorResponses('UNAUTHENTICATED', 'FORBIDDEN', 'INSUFFICIENT_SCOPE'),
        },
      },
    },
    async () => ({ data: await deps.connections.list() }),
  );

  app.get(
    '/list_channel_deliveries',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'list_channel_deliveries',
        tags,
        security: [{ oauth2: ['admin'] }],
        summary: 'List a connection’s reservation messages (admin)',
        description:
          'The `OTA_HotelResNotifRQ` messages made for a connection, newest first (the last 100, or those of ' +
          'one booking): what each said (`Commit`, `Modify`, `Cancel` and the message itself), whether the ' +
          'channel manager took it, and when it is tried again.',
        querystring: Type.Object(
          {
            connection_id: Type.String({ minLength: 4, maxLength: 64 }),
            booking_id: Type.Optional(Type.String({ minLength: 4, maxLength: 64 })),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            data: Type.Array(
              Type.Object({
                id: Type.String(),
                booking_id: Type.String(),
                event_id: Type.String(),
                action: Type.String({ enum: ['Commit', 'Modify', 'Cancel'] }),
                status: Type.String({ enum: ['pending', 'delivered', 'failed'] }),
                attempts: Type.Integer(),
                next_attempt_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
                last_attempt_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
                last_status_code: Type.Union([Type.Integer(), Type.Null()]),
                last_error: Type.Union([Type.String(), Type.Null()]),
                created_at: Type.String({ format: 'date-time' }),
                message: Type.String({ description: 'The XML sent' }),
              }),
            ),
          }),
          ...errorResponses('NOT_FOUND', 'UNAUTHENTICATED', 'FORBIDDEN', 'INSUFFICIENT_SCOPE'),
        },
      },
    },
    async (request) => ({
      data: await deps.connections.deliveries(request.query.connection_id, request.query.booking_id),
    }),
  );

  app.post(
    '/update_channel_connection',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'update_channel_connection',
        tags,
        security: [{ oauth2: ['admin'] }],
        summary: 'Switch a channel connection off or on (admin)',
        description: 'Off: its notifications are refused (401) and no reservation is sent to it.',
        body: Type.Object(
          { id: Type.String({ minLength: 4, maxLength: 64 }), active: Type.Boolean() },
          { additionalProperties: false },
        ),
        response: {
          200: ConnectionSchema,
          ...errorResponses('NOT_FOUND', 'UNAUTHENTICATED', 'FORBIDDEN', 'INSUFFICIENT_SCOPE'),
        },
      },
    },
    async (request) => deps.connections.setActive(request.body.id, request.body.active),
  );
}
