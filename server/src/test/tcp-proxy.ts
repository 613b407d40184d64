import net from "node:net";

/**
 * A TCP proxy in front of PostgreSQL: `down()` drops every connection and refuses new ones, as
 * a database restart does; `up()` lets them through again. It stands in for restarting the
 * shared server, which other test files are using at the same moment.
 */
export async function startTcpProxy(targetHost: string, targetPort: number) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(targetPort, targetHost);
        sockets.add(client);
        sockets.add(upstream);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on("error", drop).on("close", drop);
        upstream.on("error", drop).on("close", drop);
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, "127.0.0.1", () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });

  await listen();
  return {
    get port() {
      return port;
    },
    async down() {
      await new Promise<void>((resolve) => {
        server?.close(() => resolve());
        for (const s of sockets) s.destroy();
        sockets.clear();
      });
      server = null;
    },
    up: listen,
    close() {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    },
  };
}
