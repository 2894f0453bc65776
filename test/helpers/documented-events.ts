import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/**
 * Checks events against the OpenAPI document's `webhooks`: each against the schema of its own type (the
 * envelope, with `data.object` as the type says). Answers the problems found, as `type: where what`.
 */
export function documentedEventProblems(doc: any, events: any[]): string[] {
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  addFormats.default(ajv);
  ajv.addSchema({ ...doc, $id: 'openapi' });
  const problems: string[] = [];
  for (const event of events) {
    const hook = doc.webhooks[event.type];
    if (!hook) {
      problems.push(`${event.type}: not a documented webhook`);
      continue;
    }
    const validate = ajv.getSchema(
      `openapi#/webhooks/${event.type}/post/requestBody/content/application~1json/schema`,
    )!;
    if (!validate(event))
      problems.push(
        ...(validate.errors ?? []).map(
          (e: { instancePath: string; message?: string }) =>
            `${event.type}: ${e.instancePath || '/'} ${e.message}`,
        ),
      );
  }
  return problems;
}
