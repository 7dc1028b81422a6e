// `npm run bench` enters here (package.json). The benchmarks themselves are
// .mts files: they import main-process code, which tsconfig.e2e.json (a
// composite project that includes bench/**/*.ts) does not list, so they are
// typechecked by bench/tsconfig.json instead (`npx tsc -p bench`). The
// specifier is computed so that this file pulls none of them into that project.
export {};
const entry = './main.mts';
await import(entry);
