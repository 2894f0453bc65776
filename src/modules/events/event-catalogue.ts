import Type, { type Static, type TSchema } from 'typebox';

/**
 * An event type as the module whose change it tells declares it: what it tells, the schema of the
 * `data.object` it carries, and who may hear of it (`admins`: operator events, never a customer's or an
 * agency's).
 */
export interface EventDefinition {
  readonly description: string;
  readonly object: TSchema;
  readonly audience?: 'admins';
}

export type EventDefinitions = Readonly<Record<string, EventDefinition>>;

/**
 * The object each event type carries, by type. Each module declares its events (a `*-events.ts` of
 * definitions) and adds their objects here by declaration merging, so that recording an event of a type
 * with anything but its object does not compile. Names are `<resource>.<what happened>`; a type is never
 * renamed or removed within an API version.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by each module's declaration
export interface EventObjects {}

export type EventType = keyof EventObjects & string;

/** The objects of a module's definitions, for its `EventObjects` declaration. */
export type ObjectsOf<D extends EventDefinitions> = { -readonly [K in keyof D]: Static<D[K]['object']> };

/**
 * Every module's events in one catalogue, composed by the wiring root: it must define every type the
 * modules declared, and no other. From it come the event envelope's schema, the OpenAPI `webhooks`, the
 * event list's documentation and the check of the types a webhook endpoint subscribes to.
 */
export function createEventCatalogue(definitions: Readonly<Record<EventType, EventDefinition>>) {
  const types = Object.keys(definitions) as EventType[];
  return {
    definitions,
    types,
    has: (type: string): type is EventType => Object.hasOwn(definitions, type),
    /** Whether only admins may hear of events of this type. */
    forAdmins: (type: EventType): boolean => definitions[type].audience === 'admins',
    /** The envelope every event comes in, as `GET /events` lists it and a webhook receives it. */
    envelope: Type.Object(
      {
        id: Type.String({
          examples: ['evt_01JD6Q3ZV8Y4KX2M9N0P1R2S3T'],
          description: 'Unique; a receiver’s idempotency key',
        }),
        type: Type.String({ enum: types }),
        created_at: Type.String({ format: 'date-time' }),
        api_version: Type.String({ description: 'The Itinera-Version `data.object` is shown in' }),
        data: Type.Object({
          object: Type.Unknown({
            description:
              'The resource right after the change, as its type says (see the `webhooks` of this document): a ' +
              'booking as GET /booking shows it, an agency account, a webhook endpoint, or for operator ' +
              'events the flight date or schedule',
          }),
        }),
      },
      { $id: 'Event' },
    ),
  };
}

export type EventCatalogue = ReturnType<typeof createEventCatalogue>;
