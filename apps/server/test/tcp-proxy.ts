import net from 'node:net';

export interface TcpProxy {
  /** The port to connect to instead of the target. */
  port: number;
  /** Cuts every connection and refuses new ones (the database "goes away"). */
  cut(): void;
  /**
   * Stops forwarding without closing anything, as a network that silently drops packets: open connections
   * hang, new ones are accepted and then hang too.
   */
  stall(): void;
  /** Accepts (and forwards) connections again; the stalled ones are closed. */
  restore(): void;
  close(): Promise<void>;
}

/**
 * A TCP proxy in front of a server (PostgreSQL in the outage tests) whose link can be cut and restored:
 * while cut, open connections are destroyed and new ones are closed as soon as they arrive.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let up = true;
  let stalled = false;
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (!up) {
      client.destroy();
      return;
    }
    if (stalled) {
      open.add(client);
      client.on('close', () => open.delete(client));
      client.on('error', () => client.destroy());
      return;
    }
    const upstream = net.connect(target.port, target.host);
    for (const s of [client, upstream]) {
      open.add(s);
      s.on('close', () => open.delete(s));
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    cut() {
      up = false;
      for (const s of open) s.destroy();
    },
    stall() {
      stalled = true;
      for (const s of open) s.unpipe();
    },
    restore() {
      if (stalled) for (const s of open) s.destroy();
      stalled = false;
      up = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}
