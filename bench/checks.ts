import type { BenchRequest, Generate } from './traffic.js';

/**
 * Before a phase is measured, a few of its requests are sent alone and their answers checked: a
 * phase that measures 404s, 429s or empty pages measures nothing. autocannon itself only counts
 * status codes (parsing every body would load the load generator).
 */
export async function checkSamples(
  base: string,
  generators: readonly Generate[],
  perGenerator = 3,
): Promise<void> {
  for (const generate of generators) {
    for (let i = 0; i < perGenerator; i++) await checkOne(base, generate());
  }
}

async function checkOne(base: string, request: BenchRequest): Promise<void> {
  const headers: Record<string, string> = {};
  if (request.token) headers.authorization = `Bearer ${request.token}`;
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}${request.path}`, {
    method: request.method,
    headers,
    body: request.body,
  });
  const text = await response.text();
  const where = `${request.method} ${request.path}`;
  if (response.status < 200 || response.status > 299) {
    throw new Error(`${where} answered ${response.status}: ${text.slice(0, 200)}`);
  }
  const limited = [...response.headers.keys()].filter((h) => /ratelimit|retry-after/i.test(h));
  if (limited.length > 0) {
    throw new Error(`${where}: rate-limit headers (${limited.join(', ')}) on a measured call`);
  }
  const problem =
    request.kind === 'page' ? pageProblem(request, text) : bodyProblem(request, JSON.parse(text));
  if (problem) throw new Error(`${where}: ${problem}`);
}

/** A recipe page must be that recipe's page, with its head and the app's data in it. */
function pageProblem(request: BenchRequest, html: string): string {
  const id = request.path.split('/').at(-1);
  if (!html.includes(`/recipes/${id}" />`)) return `expected the page of recipe ${id}`;
  return html.includes('id="recipe-data"') ? '' : 'expected the recipe data in the page';
}

interface Page {
  count?: number;
  results?: unknown[];
}

/** What is wrong with the answer to `request`, or '' when it is what the phase means to read. */
function bodyProblem(request: BenchRequest, body: unknown): string {
  const page = body as Page;
  switch (request.kind) {
    case 'list1':
    case 'deep':
    case 'category':
      return page.results?.length === 10 ? '' : `expected a full page, got ${page.results?.length}`;
    case 'search':
      if (!Array.isArray(page.results)) return 'expected a page of results';
      return request.path.includes('page=2') && page.results.length === 0 ? 'empty page 2' : '';
    case 'detail': {
      const id = Number(request.path.split('/').at(-2));
      return (body as { id?: number }).id === id ? '' : `expected recipe ${id}`;
    }
    case 'trending':
      return Array.isArray(body) && body.length === 10 ? '' : 'expected 10 recipes';
    case 'ceiling':
      return (body as { hello?: string }).hello === 'world' ? '' : 'unexpected body';
    default:
      // Writes: the 2xx status is the check (201 with the comment, 200 with the new state).
      return '';
  }
}
