import net from 'node:net';

/**
 * A TCP proxy between the app and a shared MySQL/MariaDB server, so the fault tests can make "the
 * database" fail without touching the real one (other tests use it):
 *
 * - `stop()`: like a killed server. Every proxied connection is destroyed and new ones are refused
 *   (nothing listens on the port: ECONNREFUSED).
 * - `freeze()`: like SIGSTOP. Connections stay open and new ones are accepted, but no byte moves in
 *   either direction; what was sent waits in the socket buffers, as in the kernel's.
 * - `restore()`: back to forwarding. After a freeze the held bytes flow on (a client that gave up
 *   and closed meanwhile is closed upstream after them, as the server would see it after SIGCONT).
 */
export class FaultProxy {
  private server: net.Server;
  private readonly pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  private state: 'forwarding' | 'stopped' | 'frozen' = 'forwarding';

  private constructor(
    private readonly target: { host: string; port: number },
    readonly port: number,
    server: net.Server,
  ) {
    this.server = server;
  }

  /** Listens on a free 127.0.0.1 port and forwards to `target`. */
  static async start(target: { host: string; port: number }): Promise<FaultProxy> {
    const server = net.createServer();
    await listen(server, 0);
    const address = server.address() as net.AddressInfo;
    const proxy = new FaultProxy(target, address.port, server);
    server.on('connection', (client) => proxy.accept(client));
    return proxy;
  }

  /** `url` (a mysql:// URL of the real server) rewritten to go through the proxy. */
  proxiedUrl(url: string): string {
    const proxied = new URL(url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(this.port);
    return proxied.toString();
  }

  get connections(): number {
    return this.pairs.size;
  }

  async stop(): Promise<void> {
    this.state = 'stopped';
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const { client, upstream } of this.pairs) {
      client.destroy();
      upstream.destroy();
    }
    this.pairs.clear();
    await closed;
  }

  freeze(): void {
    this.state = 'frozen';
    for (const { client, upstream } of this.pairs) {
      client.pause();
      upstream.pause();
    }
  }

  async restore(): Promise<void> {
    if (this.state === 'stopped') {
      this.server = net.createServer();
      this.server.on('connection', (client) => this.accept(client));
      await listen(this.server, this.port);
    }
    this.state = 'forwarding';
    for (const { client, upstream } of this.pairs) {
      client.resume();
      upstream.resume();
    }
  }

  async close(): Promise<void> {
    if (this.state !== 'stopped') await this.stop();
  }

  private accept(client: net.Socket) {
    const upstream = net.connect(this.target.port, this.target.host);
    const pair = { client, upstream };
    this.pairs.add(pair);
    if (this.state === 'frozen') {
      client.pause();
      upstream.pause();
    }
    // 'data' handlers rather than pipe(): pipe() resumes a paused source on 'drain', which would
    // let bytes through a freeze.
    client.on('data', (chunk) => upstream.write(chunk));
    upstream.on('data', (chunk) => client.write(chunk));
    client.on('end', () => upstream.end());
    upstream.on('end', () => client.end());
    const drop = () => {
      client.destroy();
      upstream.destroy();
      this.pairs.delete(pair);
    };
    client.on('error', drop);
    upstream.on('error', drop);
    client.on('close', drop);
    upstream.on('close', drop);
  }
}

function listen(server: net.Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}
