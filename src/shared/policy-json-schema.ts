import { z } from 'zod';
import { policySchema } from './policy';

/** The published JSON Schema of the policy file (resources/policy.schema.json), generated from the zod schema. */
export function policyJsonSchema(): Record<string, unknown> {
  // io 'input': what IT writes (a default such as the outbox port may be left out)
  const schema = z.toJSONSchema(policySchema, { io: 'input', target: 'draft-2020-12' }) as Record<string, unknown>;
  return { ...schema, $id: 'https://faxdesk.example/policy.schema.json', title: 'FaxDesk policy' };
}

export function policyJsonSchemaText(): string {
  return `${JSON.stringify(policyJsonSchema(), null, 2)}\n`;
}
