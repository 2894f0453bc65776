import Type, { type TSchema } from 'typebox';
import { ERROR_CODES, type ErrorCode } from './error-codes.ts';

export const ProblemSchema = Type.Object(
  {
    type: Type.String({
      description: 'URI naming the problem type',
      examples: ['urn:itinera:problem:not-found'],
    }),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String(),
    code: Type.String({
      description: 'Stable machine-readable code; see docs/errors.md',
      examples: ['NOT_FOUND'],
    }),
    request_id: Type.String({ description: 'Also sent as the X-Request-Id header' }),
    errors: Type.Optional(
      Type.Array(
        Type.Object({
          location: Type.String({ examples: ['body'] }),
          pointer: Type.String({ description: 'RFC 6901 JSON pointer', examples: ['/limit'] }),
          line: Type.Optional(
            Type.Integer({ description: 'In a text file (SSIM, CSV): the line of the problem, from 1' }),
          ),
          detail: Type.String(),
        }),
      ),
    ),
  },
  { $id: 'Problem', additionalProperties: true, description: 'RFC 9457 problem details' },
);

const problemRef = Type.Ref('Problem');

/**
 * The error part of a route's `response` map: every status the route can answer, each documented as
 * `application/problem+json` (the content type the error handler sends).
 */
export function errorResponses(...codes: ErrorCode[]): Record<number, TSchema> {
  const statuses = new Set<number>(
    [...codes, 'VALIDATION_FAILED', 'RATE_LIMITED', 'INTERNAL_ERROR', 'OVERLOADED'].map(
      (c) => ERROR_CODES[c as ErrorCode].status,
    ),
  );
  const out: Record<number, TSchema> = {};
  for (const status of [...statuses].sort()) {
    out[status] = {
      description: describe(status, codes),
      content: { 'application/problem+json': { schema: problemRef } },
    } as unknown as TSchema;
  }
  return out;
}

function describe(status: number, codes: ErrorCode[]): string {
  const names = Object.entries(ERROR_CODES)
    .filter(
      ([code, entry]) =>
        entry.status === status && (codes.includes(code as ErrorCode) || status >= 429 || status === 400),
    )
    .map(([code]) => code);
  return `Problem details: ${names.join(', ')}`;
}

export const PageQuerySchema = {
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'Page size; at most 100' }),
  ),
  cursor: Type.Optional(
    Type.String({ maxLength: 512, description: 'The `next_cursor` of the previous page, unchanged' }),
  ),
};

export function pageOf<T extends TSchema>(item: T, description: string) {
  return Type.Object(
    {
      data: Type.Array(item),
      next_cursor: Type.Union([Type.String(), Type.Null()], {
        description: 'Pass as `cursor` for the next page; null on the last page',
      }),
      total_count: Type.Integer({ description: 'Items matching the filters, over all pages' }),
    },
    { description },
  );
}

/** A response that is a PDF document. */
export function pdfResponse(description: string): TSchema {
  return {
    description,
    content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
  } as unknown as TSchema;
}

/** The language a document or message is written in: `en` or `de`; the Accept-Language header's otherwise. */
export const LanguageQuery = Type.Optional(
  Type.Union([Type.Literal('en'), Type.Literal('de')], {
    description: 'The document’s language; without it, the first of the Accept-Language header’s we speak',
  }),
);

/** The language a traveller is written to in: e-mails and the documents attached to them. */
export const TravellerLanguage = Type.Optional(
  Type.Union([Type.Literal('en'), Type.Literal('de')], {
    description: 'The language e-mails and their documents are written in: `en` (the default) or `de`',
  }),
);
