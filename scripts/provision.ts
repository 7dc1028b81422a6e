// `printf '%s' "$FAX_SECRET" | npm run -s provision`: the checkout's form of `faxdesk --provision-secret`
// (src/main/policy/provision.ts). The policy comes from its place or FAXDESK_POLICY; FAXDESK_KEYCHAIN_SERVICE
// names another keychain entry (tests, the preview).
import { readPolicy } from '../src/main/policy/policy-file';
import { provisionSecret } from '../src/main/policy/provision';

const service = process.env['FAXDESK_KEYCHAIN_SERVICE'];
const code = await provisionSecret({
  policy: readPolicy(),
  extraArgs: process.argv.slice(2).filter((a) => a !== '--provision-secret'),
  io: { stdin: process.stdin, out: (l) => console.log(l), err: (l) => console.error(l) },
  ...(service ? { keychain: { service } } : {}),
});
process.exitCode = code;
