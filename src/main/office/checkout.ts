import type pg from 'pg';

/**
 * Runs `work` on a connection taken from the pool. Once pg-pool hands a
 * connection out it no longer listens for that connection's 'error' event: a
 * server that ends it mid-work (a restart, an administrator's kill) would
 * otherwise be an uncaught exception in main. Here the error is held, the
 * statement waiting next fails as usual, and a connection whose work failed is
 * destroyed on release instead of going back to the pool.
 */
export async function withOfficeClient<T>(pool: Pick<pg.Pool, 'connect'>, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  const onError = (e: Error) => {
    broken = e;
  };
  client.on('error', onError);
  try {
    return await work(client);
  } catch (e) {
    // a connection whose work failed is discarded, not handed to the next caller
    broken ??= e instanceof Error ? e : new Error(String(e));
    throw e;
  } finally {
    client.off('error', onError);
    client.release(broken ?? false);
  }
}

