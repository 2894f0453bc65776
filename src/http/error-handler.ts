import { randomBytes } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { OverloadedError } from '../ports/limiter.ts';
import { AppError, type FieldError } from './app-error.ts';
import type { App } from './app-instance.ts';
import { ERROR_CODES, type ErrorCode } from './error-codes.ts';
import { PROBLEM_CONTENT_TYPE, toProblem } from './problem.ts';

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_BODY',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_BODY',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'MALFORMED_BODY',
  FST_ERR_BAD_URL: 'MALFORMED_URL',
  FST_ERR_MAX_PARAM_LENGTH: 'URI_TOO_LONG',
};

/** The problem code each answered request was given, for the gauges. */
const problemCodes = new WeakMap<FastifyReply, ErrorCode>();
export const problemCodeOf = (reply: FastifyReply): ErrorCode | undefined => problemCodes.get(reply);

export function sendProblem(
  reply: FastifyReply,
  code: ErrorCode,
  detail: string,
  extras: Readonly<Record<string, unknown>> = {},
): FastifyReply {
  problemCodes.set(reply, code);
  const problem = toProblem(code, detail, reply.request.id, extras);
  return reply.code(problem.status).type(PROBLEM_CONTENT_TYPE).send(problem);
}

/** Maps Fastify's AJV validation errors to `errors[]` with JSON pointers. */
export function fieldErrors(error: FastifyError): FieldError[] {
  const location = error.validationContext ?? 'body';
  return (error.validation ?? []).map((v) => {
    const missing = (v.params as { missingProperty?: string }).missingProperty;
    const extra = (v.params as { additionalProperty?: string }).additionalProperty;
    const path = v.instancePath ?? '';
    const pointer = missing ? `${path}/${missing}` : extra ? `${path}/${extra}` : path || '';
    const detail = missing ? 'is required' : extra ? 'is not a known field' : (v.message ?? 'is not valid');
    return { location, pointer, detail };
  });
}

/** Every failure leaves as RFC 9457 problem details; 5xx details are logged, never sent. */
export function problemErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    reply.headers(error.headers);
    return sendProblem(reply, error.code, error.message, error.extras);
  }
  // A bounded pool (password hashing) with its queue full: busy now, not broken.
  if (error instanceof OverloadedError) {
    reply.header('retry-after', '1');
    return sendProblem(reply, 'SERVICE_UNAVAILABLE', 'The server is busy; retry in a moment');
  }
  if (error.validation) {
    const errors = fieldErrors(error);
    const first = errors[0];
    const detail = first
      ? `${first.location}${first.pointer || ''} ${first.detail}`
      : 'The request does not match the schema';
    return sendProblem(reply, 'VALIDATION_FAILED', detail, { errors });
  }
  const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (mapped) return sendProblem(reply, mapped, error.message);
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code: ErrorCode =
      status === 404 ? 'NOT_FOUND' : status === 413 ? 'PAYLOAD_TOO_LARGE' : 'MALFORMED_BODY';
    return sendProblem(reply, code, error.message);
  }
  request.log.error({ err: error }, 'unhandled error');
  return sendProblem(
    reply,
    'INTERNAL_ERROR',
    'An internal error occurred; quote the request_id when reporting it',
  );
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Unknown paths answer 404 ROUTE_NOT_FOUND; known paths with another method answer 405 with `Allow`. */
export function registerProblemHandling(app: App): void {
  app.setErrorHandler(problemErrorHandler);
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const allowed = METHODS.filter((method) => app.findRoute({ method, url }) !== null);
    if (allowed.length > 0) {
      reply.header('allow', [...allowed, ...(allowed.includes('GET') ? ['HEAD'] : [])].join(', '));
      return sendProblem(reply, 'METHOD_NOT_ALLOWED', `${request.method} is not allowed on ${url}`);
    }
    return sendProblem(reply, 'ROUTE_NOT_FOUND', `No operation at ${request.method} ${url}`);
  });
}

/** Errors Fastify meets before routing (a path that is not valid percent-encoding, a path part too long). */
export function frameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const code = FASTIFY_CODES[error.code] ?? 'MALFORMED_URL';
  return sendProblem(reply, code, error.message);
}

/**
 * Errors Node's HTTP parser meets before Fastify sees a request (headers over the limit, broken framing,
 * a request too slow to arrive): answered as problem details too, then the connection is closed.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code: ErrorCode =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 'HEADERS_TOO_LARGE'
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 'REQUEST_TIMEOUT'
        : 'MALFORMED_REQUEST';
  const problem = toProblem(code, ERROR_CODES[code].title, `req_${randomBytes(8).toString('hex')}`);
  const body = JSON.stringify(problem);
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status]}\r\nContent-Type: ${PROBLEM_CONTENT_TYPE}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy(error);
}
