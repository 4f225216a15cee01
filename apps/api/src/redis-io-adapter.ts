import { INestApplication } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import Redis from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import { AppConfig, socketChannelKey } from '@runik/server';
import { addSocketSecurityHeaders } from './security-headers';

/**
 * Socket.IO over `@socket.io/redis-adapter`: whatever is sent to a room (by the worker's emitter or
 * by any api replica) reaches that room's sockets on every replica.
 */
export class RedisIoAdapter extends IoAdapter {
  private readonly pubClient: Redis;
  private readonly subClient: Redis;

  constructor(
    app: INestApplication,
    private readonly config: AppConfig,
  ) {
    super(app);
    // The adapter neither awaits nor catches its Redis commands, and a rejected one would end the
    // process: so they wait for Redis (however long it is down) instead of failing. ioredis
    // reconnects, and subscribes again, by itself.
    this.pubClient = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
    // No ready check on the subscriber: the adapter subscribes as soon as it is created, and ioredis's
    // ready check (an INFO) sent after that is refused in subscriber mode; the connection then drops and
    // comes back without the adapter's channels (no push reached this replica: seen on Node 24).
    this.subClient = this.pubClient.duplicate({ enableReadyCheck: false });
    for (const client of [this.pubClient, this.subClient]) this.reportOutages(client);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server: Server = super
      .createIOServer(port, options)
      .adapter(createAdapter(this.pubClient, this.subClient, { key: socketChannelKey(this.config) }));
    addSocketSecurityHeaders(server, this.config);
    return server;
  }

  /**
   * Nest builds, for every socket, an observable of its disconnection (kept in a WeakMap for the socket's life) to end
   * its message handlers' subscriptions; a gateway with no message handler (the notifications' listen only) needs
   * none, and skipping it saves that memory per socket (issue 46).
   */
  override bindMessageHandlers(...args: Parameters<IoAdapter['bindMessageHandlers']>): void {
    if (args[1].length > 0) super.bindMessageHandlers(...args);
  }

  /**
   * Disconnects the sockets and leaves Redis's channels, but not with `server.close()`: that closes
   * the HTTP server too, which is Fastify's to close once the requests in flight are answered.
   */
  override async close(server: Server): Promise<void> {
    server.local.disconnectSockets(true);
    server.engine.close();
    await server.of('/').adapter.close();
  }

  override async dispose(): Promise<void> {
    await Promise.all([this.pubClient, this.subClient].map((client) => (client.status === 'ready' ? client.quit() : client.disconnect())));
  }

  /** One warning when the connection is lost (ioredis reports every failed retry), one line when it is back. */
  private reportOutages(client: Redis): void {
    let down = false;
    client.on('error', (error: Error) => {
      if (!down)
        this.logger.warn(
          `Socket.IO's Redis connection failed (${error.message}): live pushes stop until it is back, clients catch up from the inbox`,
        );
      down = true;
    });
    client.on('ready', () => {
      if (down) this.logger.log("Socket.IO's Redis connection is back");
      down = false;
    });
  }
}
