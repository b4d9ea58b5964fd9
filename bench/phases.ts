import { checkSamples } from './checks.js';
import { coldQueries, measureColdSearches, type ColdSearch } from './cold-search.js';
import type { CpuPlan } from './cpu-pinning.js';
import { sqliteWorkingCopy, type PreparedDatabase } from './databases.js';
import { SEARCH_WORDS } from './dataset.js';
import { expensiveSearches, isolationPhase } from './isolation.js';
import type { LoopProbe } from './event-loop.js';
import { measureLoad, summarise, type PhaseResult } from './measure.js';
import { signInMembers } from './members.js';
import { settle, startServer, type RunningServer } from './servers.js';
import type { Settings } from './settings.js';
import {
  mixWithWrites,
  readTraffic,
  visitorMix,
  writeTraffic,
  type Generate,
  type RequestKind,
  type TrafficShape,
} from './traffic.js';
import { searchSequence } from './vocabulary.js';

/** Every phase of one server process (one database). */
export interface ServerRun {
  ceilingRequestsPerSecond: number;
  phases: PhaseResult[];
  coldSearches: ColdSearch[];
}

export interface ServerContext {
  database: PreparedDatabase;
  cpus: CpuPlan;
  ceilingUrl: string;
  ceilingLoop: LoopProbe;
  settings: Settings;
  shape: TrafficShape;
  log: (line?: string) => void;
  /** Where problems go (any makes the bench exit 1). */
  failures: string[];
}

interface PhaseDefinition {
  name: string;
  generate: Generate;
  /** The generators the phase draws from, each checked with a few samples before measuring. */
  parts: Generate[];
}

/** Runs one phase on the server (or, for the ceiling, on the ceiling process). */
async function runPhase(
  context: ServerContext,
  server: RunningServer,
  definition: PhaseDefinition,
  ceiling: number,
  target: 'server' | 'ceiling' = 'server',
): Promise<PhaseResult> {
  const { settings, log } = context;
  const base = target === 'server' ? server.base : context.ceilingUrl;
  const connections = settings.connections;
  const label = `${context.database.label}, ${definition.name}`;
  await settle(server.base);
  process.stdout.write(`    ${definition.name} ... `);
  try {
    await checkSamples(base, definition.parts);
  } catch (error) {
    const problem = error instanceof Error ? error.message : String(error);
    log(`NOT MEASURED (${problem})`);
    context.failures.push(`${label}: ${problem}`);
    return { ...summarise(definition.name, connections, emptyResult(), 0, null), problem };
  }
  const { result, loopDelay } = await measureLoad(
    { base, connections, generate: definition.generate },
    settings,
    target === 'server' ? server.loop : context.ceilingLoop,
  );
  const row = summarise(definition.name, connections, result, ceiling, loopDelay);
  if (row.problem) context.failures.push(`${label}: ${row.problem}`);
  log(
    `${row.requestsPerSecond} req/s, p99 ${row.p99Ms} ms` +
      (loopDelay ? `, loop p99 ${loopDelay.p99Ms} ms` : '') +
      (row.cpuMsPerRequest === null ? '' : `, CPU ${row.cpuMsPerRequest} ms/req`) +
      (row.problem ? `, FAILED: ${row.problem}` : ''),
  );
  return row;
}

function emptyResult(): Parameters<typeof summarise>[2] {
  const stats = {
    average: 0,
    mean: 0,
    stddev: 0,
    min: 0,
    max: 0,
    total: 0,
    p50: 0,
    p90: 0,
    p97_5: 0,
    p99: 0,
  };
  return {
    url: '',
    duration: 0,
    errors: 0,
    timeouts: 0,
    mismatches: 0,
    non2xx: 0,
    resets: 0,
    '2xx': 0,
    statusCodeStats: {},
    latency: stats,
    requests: { ...stats, sent: 0 },
    throughput: stats,
  };
}

/** Starts the server on its own copy of the data, runs every phase, stops it. */
export async function benchServer(context: ServerContext): Promise<ServerRun> {
  const { database } = context;
  const copy = await sqliteWorkingCopy(database, `${database.label}-server`);
  let server: RunningServer;
  try {
    server = await startServer(copy.options, context.cpus);
  } catch (error) {
    await copy.remove();
    throw error;
  }
  try {
    return await runPhases(context, server);
  } finally {
    await server.stop();
    await copy.remove();
  }
}

/** A phase of `name`: `parts` are the generators it draws from (checked before measuring). */
type Phase = (name: string, generate: Generate, parts?: Generate[]) => Promise<void>;

async function runPhases(context: ServerContext, server: RunningServer): Promise<ServerRun> {
  const { shape } = context;
  const run: ServerRun = {
    ceilingRequestsPerSecond: 0,
    phases: [],
    coldSearches: [],
  };
  const hello: Generate = () => ({ kind: 'ceiling', method: 'GET', path: '/' });
  const ceilingPhase = {
    name: 'ceiling (plain Fastify hello-world)',
    generate: hello,
    parts: [hello],
  };
  const ceilingRow = await runPhase(context, server, ceilingPhase, 0, 'ceiling');
  const ceiling = ceilingRow.requestsPerSecond;
  run.ceilingRequestsPerSecond = ceiling;
  run.phases.push({ ...ceilingRow, percentOfCeiling: 100 });
  const phase: Phase = async (name, generate, parts = [generate]) => {
    const only = context.settings.only;
    if (only && !only.some((part) => name.includes(part))) return;
    run.phases.push(await runPhase(context, server, { name, generate, parts }, ceiling));
  };

  // One search sequence for every phase of this server: no search is asked twice in it.
  const reads = readTraffic(shape, 11, searchSequence(shape.vocabulary, 7));
  if (context.settings.searchOnly) {
    run.coldSearches = await coldSearchStep(context, server, reads.search);
    await phase('varied search (1-2 words, pages 1-2)', reads.search);
    return run;
  }
  const tokens = await signInMembers(server.base);
  const writes = writeTraffic(shape, tokens, 13);
  await phase('list page 1', reads.list1);
  await phase('detail, random ids', reads.detail);
  await phase('recipe page, server-rendered HTML, random ids', reads.page);
  // `--only` runs the named phases alone: no cold searches, no isolation phase.
  const all = context.settings.only === null;
  if (all) run.coldSearches = await coldSearchStep(context, server, reads.search);
  await phase('varied search (1-2 words, pages 1-2)', reads.search);
  await phase('varied category filter (1-2, pages 1-5)', reads.category);
  await phase('deep pages', reads.deep);
  const readParts = Object.values(reads);
  await phase('visitor mix', visitorMix(reads, 17), readParts);
  const writing = mixWithWrites(reads, writes, 19);
  await phase('visitor mix + 10 % member writes', writing, [
    ...readParts,
    ...Object.values(writes),
  ]);
  if (all) run.phases.push(...(await isolationStep(context, server, reads.detail, ceiling)));
  await singleUrlPhases(phase);
  return run;
}

/**
 * The first request of new searches, alone, before any search phase: these words have not been
 * searched on this server yet. Two other searches run first, so the code path itself is warm.
 */
async function coldSearchStep(
  context: ServerContext,
  server: RunningServer,
  search: Generate,
): Promise<ColdSearch[]> {
  await settle(server.base);
  await checkSamples(server.base, [search], 2);
  const cold = await measureColdSearches(server.base, coldQueries(context.shape.vocabulary));
  const times = cold.map((c) => `"${c.query}" ${c.ms} ms`).join(', ');
  context.log(`    first request of a new search, alone: ${times}`);
  return cold;
}

async function isolationStep(
  context: ServerContext,
  server: RunningServer,
  details: Generate,
  ceiling: number,
): Promise<PhaseResult[]> {
  const { settings } = context;
  const connections = settings.isolationConnections;
  const searches = expensiveSearches(context.shape.vocabulary, 23);
  await settle(server.base);
  process.stdout.write(`    isolation (${connections} + ${connections} connections) ... `);
  await checkSamples(server.base, [searches, details]);
  const rows = await isolationPhase({
    ...{ base: server.base, loop: server.loop, connections, searches, details },
    ...{ settings, ceiling },
  });
  for (const row of rows) {
    if (!row.problem) continue;
    context.failures.push(`${context.database.label}, ${row.phase}: ${row.problem}`);
  }
  context.log(`details p99 ${rows[0]!.p99Ms} ms, loop p99 ${rows[0]!.loopDelay?.p99Ms} ms`);
  return rows;
}

/**
 * The old bench's targets: one URL repeated. The server keeps no search or list cache
 * (docs/search.md), so each request is computed as in the varied phases; they show what a
 * popular search or filter costs and where a cache would pay.
 */
async function singleUrlPhases(phase: Phase): Promise<void> {
  const one =
    (kind: RequestKind, path: string): Generate =>
    () => ({ kind, method: 'GET', path });
  const words = SEARCH_WORDS.join(' ');
  await phase(
    `single URL: search "${words}"`,
    one('search', `/api/recipes/lists/?search=${encodeURIComponent(words)}`),
  );
  await phase(
    'single URL: category filter 3,7',
    one('category', '/api/recipes/lists/?categories=3,7'),
  );
  await phase(
    'single URL: trending (most_liked)',
    one('trending', '/api/recipes/lists/most_liked/'),
  );
}
