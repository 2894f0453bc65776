import type { FastifyReply } from 'fastify';
import { SerializedAnswer } from '../ports/search-threads.ts';

/**
 * An answer as a route returns it: one a search thread serialised (with the same response schema) goes
 * out as the text it is, with no second serialisation; any other is serialised as usual.
 */
export function sendAnswer<T>(reply: FastifyReply, answer: T | SerializedAnswer): T | FastifyReply {
  if (!(answer instanceof SerializedAnswer)) return answer;
  return reply.type('application/json; charset=utf-8').send(answer.json);
}
