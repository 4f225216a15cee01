import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/** A TCP relay in front of a service, which a test can cut (as if the service went down) and restore. */
export interface TcpProxy {
  port: number;
  /** Drops every connection and refuses new ones (connection refused), like a stopped server. */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  /** Cuts for good, at the end of a test file. */
  close(): Promise<void>;
}

export async function startTcpProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const relay = (client: Socket) => {
    const upstream = connect(targetPort, targetHost);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', end);
      socket.on('close', end);
    }
    client.pipe(upstream).pipe(client);
  };
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server = createServer(relay);
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server?.address() as AddressInfo).port));
    });
  const cut = async () => {
    const closed = new Promise<void>((resolve) => (server?.listening ? server.close(() => resolve()) : resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  const port = await listen(0);
  return {
    port,
    cut,
    restore: async () => {
      await listen(port);
    },
    close: cut,
  };
}
