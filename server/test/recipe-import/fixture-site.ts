import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/**
 * A recipe site on 127.0.0.1 for the import tests: `/pages/<name>` serves pages/<name>.html,
 * `/made/<name>` a page a test made (`serve`, for pages too large to keep as files),
 * `/moved?to=<url>` redirects, `/json` is not HTML, `/gone` is a 404. It counts requests, so a
 * test can prove that a refused link never reached it.
 */
export interface FixtureSite {
  port: number;
  url(pathname: string): string;
  requests: string[];
  /** Serves `html` at `/made/<name>` from now on and answers its full URL. */
  serve(name: string, html: string): string;
  close(): Promise<void>;
}

const pagesDir = path.join(import.meta.dirname, 'pages');

export async function startFixtureSite(): Promise<FixtureSite> {
  const requests: string[] = [];
  const made = new Map<string, string>();
  const server = http.createServer((request, response) => {
    requests.push(request.url ?? '/');
    const url = new URL(request.url ?? '/', 'http://fixture');
    const madePage = made.get(url.pathname);
    if (madePage !== undefined) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(madePage);
      return;
    }
    const page = /^\/pages\/([a-z0-9-]+)$/.exec(url.pathname)?.[1];
    if (page) {
      try {
        const html = readFileSync(path.join(pagesDir, `${page}.html`));
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(html);
      } catch {
        response.writeHead(404, { 'content-type': 'text/html' });
        response.end('<p>no such page</p>');
      }
      return;
    }
    if (url.pathname === '/moved') {
      response.writeHead(302, { location: url.searchParams.get('to') ?? '/' });
      response.end();
      return;
    }
    if (url.pathname === '/json') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"@type":"Recipe","name":"Not a page"}');
      return;
    }
    response.writeHead(404, { 'content-type': 'text/html' });
    response.end('<p>gone</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (pathname) => `http://127.0.0.1:${port}${pathname}`,
    requests,
    serve(name, html) {
      made.set(`/made/${name}`, html);
      return `http://127.0.0.1:${port}/made/${name}`;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
