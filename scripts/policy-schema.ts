// Writes resources/policy.schema.json from the zod schema (src/shared/policy.ts):
// `npm run policy-schema`. test/shared/policy-schema.test.ts fails when the two differ.
import fs from 'node:fs';
import path from 'node:path';
import { policyJsonSchemaText } from '../src/shared/policy-json-schema';

const file = path.resolve(import.meta.dirname, '..', 'resources', 'policy.schema.json');
fs.writeFileSync(file, policyJsonSchemaText());
console.log(`wrote ${path.relative(process.cwd(), file)}`);
