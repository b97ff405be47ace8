import net from "node:net";
import type { AddressInfo } from "node:net";

/**
 * A TCP proxy in front of a real PostgreSQL server that can cut one connection at a chosen
 * moment of the wire protocol, to make the faults of issue 16 on demand:
 *  - "before": the client's message never reaches the server (nothing can be stored);
 *  - "after-reply": the server receives the message and runs it to its ReadyForQuery (an
 *    autocommit statement or a COMMIT has then committed), and the client never hears
 *    back: its connection dies. The write's outcome is unknown to the client, exactly as
 *    when a server restarts or a network path fails around a COMMIT.
 * Every other byte is passed through untouched; new connections keep working.
 */
export interface FaultProxy {
  /** The database URL through the proxy. */
  url: string;
  /**
   * Arms one cut: the next client message whose bytes (latin1) match `match`, on a
   * connection that has already sent bytes matching `after` if given (a COMMIT of the
   * transaction that wrote something). Resolves when the cut happened.
   */
  cutNext(match: RegExp, when: "before" | "after-reply", after?: RegExp): Promise<void>;
  close(): Promise<void>;
}

interface Armed {
  match: RegExp;
  after?: RegExp;
  when: "before" | "after-reply";
  done(): void;
}

/** ReadyForQuery: 'Z', length 5, then the status byte. */
const READY_FOR_QUERY = Buffer.from([0x5a, 0, 0, 0, 5]);

export async function startFaultProxy(targetUrl: string): Promise<FaultProxy> {
  const target = new URL(targetUrl);
  let armed: Armed | null = null;
  const sockets = new Set<net.Socket>();

  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    let cutting: Armed | null = null;
    let primed = false;
    let seen = Buffer.alloc(0);
    const cut = (a: Armed) => {
      client.destroy();
      upstream.destroy();
      a.done();
    };
    client.on("data", (chunk) => {
      const a = armed;
      const text = chunk.toString("latin1");
      if (a?.after && a.after.test(text)) primed = true;
      if (a && (!a.after || primed) && a.match.test(text)) {
        armed = null;
        if (a.when === "before") return cut(a);
        cutting = a;
      }
      upstream.write(chunk);
    });
    upstream.on("data", (chunk) => {
      if (!cutting) {
        client.write(chunk);
        return;
      }
      // The reply is withheld; once the server is done with the message, the client's connection dies.
      seen = Buffer.concat([seen, chunk]);
      if (seen.includes(READY_FOR_QUERY)) cut(cutting);
    });
    for (const [a, b] of [
      [client, upstream],
      [upstream, client],
    ]) {
      a.on("error", () => b.destroy());
      a.on("close", () => {
        b.destroy();
        sockets.delete(a);
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = new URL(targetUrl);
  url.hostname = "127.0.0.1";
  url.port = String((server.address() as AddressInfo).port);

  return {
    url: url.toString(),
    cutNext: (match, when, after) => new Promise<void>((resolve) => (armed = { match, when, after, done: resolve })),
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
