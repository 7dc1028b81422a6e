import type pg from 'pg';

/**
 * Runs `work` on a connection taken from the pool. Once pg-pool hands a
 * connection out it no longer listens for that connection's 'error' event: a
 * server that ends it mid-work (a restart, an administrator's kill) would
 * otherwise be an uncaught exception in main. Here the error is held, the
 * statement waiting next fails as usual, and a broken connection is destroyed
 * on release instead of going back to the pool.
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
    broken ??= e instanceof Error && isConnectionGone(e) ? e : undefined;
    throw e;
  } finally {
    client.off('error', onError);
    client.release(broken ?? false);
  }
}

/** errors after which the connection cannot be trusted with another statement */
function isConnectionGone(e: Error): boolean {
  const code = (e as { code?: string }).code;
  return code === 'ECONNRESET' || code === 'EPIPE' || code === '57P01' || code === '57P02' || code === '57P03' || /Connection terminated/i.test(e.message);
}
