import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { policySchema } from '../../src/shared/policy';
import { policyJsonSchemaText } from '../../src/shared/policy-json-schema';
import { fullPolicy } from '../helpers/policy';

// ajv (draft 2020-12) is what electron-builder validates its own configuration with; here it plays IT's
// editor or CI check reading the published resources/policy.schema.json.
const require = createRequire(import.meta.url);
const published = path.resolve('resources/policy.schema.json');

type Validate = ((data: unknown) => boolean) & { errors?: unknown };
function jsonSchemaValidator(): Validate {
  const Ajv2020 = (require('ajv/dist/2020') as { default: new (o: object) => { compile(s: unknown): Validate } }).default;
  return new Ajv2020({ strict: false, allErrors: true }).compile(JSON.parse(fs.readFileSync(published, 'utf8')));
}

describe('the published policy JSON Schema', () => {
  it('is the one generated from the zod schema (run `npm run policy-schema` after changing src/shared/policy.ts)', () => {
    expect(fs.readFileSync(published, 'utf8')).toBe(policyJsonSchemaText());
  });

  it('accepts a policy using every key, as zod does', () => {
    expect(jsonSchemaValidator()(fullPolicy)).toBe(true);
    expect(policySchema.safeParse(fullPolicy).success).toBe(true);
  });

  it.each([
    ['an unknown key', { serviceUrl: { value: 'https://fax.example.com' } }],
    ['a value given bare, without {value}', { defaultCountry: 'CN' }],
    ['a wrong type', { review: { value: { always: 'no', recipientsAbove: 5, costAbove: 10 } } }],
    ['a secret next to the key', { service: { value: { baseUrl: 'https://fax.example.com', apiKey: 'k', secret: 's' } } }],
    ['a locked flag that is not true/false', { tray: { value: true, locked: 'yes' } }],
    ['an out-of-range number', { autoRetry: { value: { enabled: true, attempts: 9, delayMinutes: 15 } } }],
    ['a TLS mode that does not exist (TLS is verified or off)', { officeOutbox: { value: { host: 'h', database: 'd', user: 'u', tls: 'require' } } }],
  ])('refuses %s, as zod does', (_what, policy) => {
    expect(jsonSchemaValidator()(policy)).toBe(false);
    expect(policySchema.safeParse(policy).success).toBe(false);
  });
});
