import { postgresMissing, startPostgres, type RunningPostgres } from '../helpers/postgres';
import { test } from './fixtures';

/**
 * One PostgreSQL for an office spec file, started before its tests and stopped after them; the tests
 * skip where PostgreSQL cannot run. (The same eight lines stood at the head of each office spec.)
 */
export function officeDatabase(options: { tls?: boolean } = {}): { readonly server: RunningPostgres } {
  let server: RunningPostgres | null = null;
  test.beforeAll(async () => {
    test.skip(postgresMissing() !== null, postgresMissing() ?? '');
    server = await startPostgres(options);
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  return {
    get server() {
      if (!server) throw new Error('the office database is not running (before beforeAll, or PostgreSQL missing)');
      return server;
    },
  };
}
