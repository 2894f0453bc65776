import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type Route = Record<string, unknown>;
type Serialize = (data: unknown) => string;
type Validate = ((data: unknown) => boolean) & { errors?: unknown };

/**
 * Compiles a route's validator on its first request instead of at start-up. Fastify compiles every
 * schema of every route when the app starts, each time against all shared schemas; most routes of a
 * process (and of every test) are never called, and compiling them all made start-up seconds long.
 * What is compiled, and so what is accepted, is the same; only when changes.
 */
export function lazyValidator<R>(compile: (route: R) => Validate): (route: R) => Validate {
  return (route) => {
    let compiled: Validate | undefined;
    const validate: Validate = (data) => {
      compiled ??= compile(route);
      const ok = compiled(data);
      validate.errors = compiled.errors;
      return ok;
    };
    return validate;
  };
}

/**
 * The response serializers of fast-json-stringify (so a response still carries only what its schema
 * declares), each built on its route's first answer with that status instead of at start-up.
 */
export function buildLazySerializer(externalSchemas: unknown, options: unknown): (route: Route) => Serialize {
  const factory = SerializerSelector() as unknown as (
    schemas: unknown,
    options: unknown,
  ) => (route: Route) => Serialize;
  const compile = factory(externalSchemas, options);
  return (route) => {
    let compiled: Serialize | undefined;
    return (data) => {
      compiled ??= compile(route);
      return compiled(data);
    };
  };
}
