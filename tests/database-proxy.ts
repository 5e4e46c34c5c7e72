// The road between an app and its PostgreSQL, for tests that take the database away: a TCP
// proxy on 127.0.0.1 in front of the run's server (tests/postgres-server.ts), which a test can
// stop (nothing listens: connections are refused, as from a stopped server), start again on the
// same port, turn into a black hole (connections are taken and never answered, as across a cut
// network), or stall (the connections open stop carrying anything, and new ones are never
// answered). The server itself goes on serving the other tests.
import { connect, createServer, type Server, type Socket } from "node:net";

export interface DatabaseProxy {
  /** The database's URL through the proxy. */
  readonly url: string;
  /** Connections the proxy took since it was made (answered or not). */
  readonly accepted: number;
  /** Ends every connection and stops listening: the database is gone. */
  stop(): Promise<void>;
  /** Listens again on the same port (when stopped), and passes connections on. */
  start(): Promise<void>;
  /** Ends every connection; new ones are taken and never answered. */
  blackHole(): void;
  /** Keeps every connection open but carries nothing more; new ones are never answered. */
  stall(): void;
  close(): Promise<void>;
}

export async function startDatabaseProxy(databaseUrl: string): Promise<DatabaseProxy> {
  const target = new URL(databaseUrl);
  const sockets = new Set<Socket>();
  const pairs = new Set<[Socket, Socket]>();
  let answering = true;
  let accepted = 0;
  const keep = (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  };
  const server: Server = createServer((client) => {
    accepted++;
    keep(client);
    if (!answering) return;
    const upstream = connect(Number(target.port), target.hostname);
    keep(upstream);
    client.pipe(upstream).pipe(client);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    client.once("close", () => {
      pairs.delete(pair);
      upstream.destroy();
    });
    upstream.once("close", () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        const address = server.address();
        resolve(typeof address === "object" && address ? address.port : 0);
      });
    });
  const port = await listen(0);
  const cutAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  const url = new URL(databaseUrl);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  return {
    url: url.toString(),
    get accepted() {
      return accepted;
    },
    async stop() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      cutAll();
      await closed;
    },
    async start() {
      // New connections are passed on again; a stalled one stays so until its client ends it.
      answering = true;
      if (!server.listening) await listen(port);
    },
    blackHole() {
      answering = false;
      cutAll();
    },
    stall() {
      answering = false;
      for (const [client, upstream] of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    async close() {
      cutAll();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
