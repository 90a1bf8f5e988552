// The realtime phase of `npm run bench`: a swarm of socket.io clients, message delivery latency through
// the API and the socket, and the same across two nodes on one Redis. See README.md, "Realtime".
import { randomBytes } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { getPriority, setPriority } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DbHandle } from '@fanstage/db';
import { HttpSender } from './http-sender';
import { benchIdOf } from './seed-data';
import { machineClock, type SocketHolders, startSocketHolders } from './socket-holders';

export interface SocketPeople {
  /** Bearer tokens of fans 1..fans (fan 0 stays the read targets' fan). */
  fanTokens: string[];
  fanIds: string[];
  /** Bearer tokens of creators 0..creators-1. */
  creatorTokens: string[];
  creatorIds: string[];
}

/**
 * Gives `fans` fans and `creators` creators a live session with a known token, the way login writes
 * it (the SHA-256 of the token), in two set-based inserts.
 */
export async function seedSocketPeople(
  db: DbHandle,
  options: { fans: number; creators: number },
  log: (line: string) => void,
): Promise<SocketPeople> {
  const started = Date.now();
  const prefix = `fanstage-bench-rt-${randomBytes(12).toString('hex')}-`;
  const insert = (kind: 'fan' | 'creator', from: number, count: number) =>
    db.query(
      `insert into sessions (id, user_id, token_hash, expires_at)
       select gen_random_uuid(),
              (overlay(overlay(md5('${kind}:' || i::text) placing '4' from 13) placing '8' from 17)::uuid),
              encode(sha256(convert_to($1 || i::text, 'UTF8')), 'hex'), now() + interval '1 day'
         from generate_series(${from}, ${from + count - 1}) i`,
      [`${prefix}${kind}-`],
    );
  await insert('fan', 1, options.fans);
  await insert('creator', 0, options.creators);
  log(
    `${options.fans} fans and ${options.creators} creators with socket sessions in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return {
    fanTokens: Array.from({ length: options.fans }, (_, k) => `${prefix}fan-${k + 1}`),
    fanIds: Array.from({ length: options.fans }, (_, k) => benchIdOf('fan', k + 1)),
    creatorTokens: Array.from({ length: options.creators }, (_, k) => `${prefix}creator-${k}`),
    creatorIds: Array.from({ length: options.creators }, (_, k) => benchIdOf('creator', k)),
  };
}

const quantile = (sorted: number[], q: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);

export interface DeliveryFigure {
  name: string;
  sent: number;
  accepted: number;
  deliveries: number;
  deliveriesPerSecond: number;
  p50: number;
  p99: number;
  /** From the request leaving to the API's answer (the send alone, without the delivery). */
  answeredP50: number;
  answeredP99: number;
  /** The bench process's own event-loop delay: a late event here is the client's, not the server's. */
  clientLoopP99: number;
  clientLoopMax: number;
  missing: number;
  refused: number;
  /**
   * CPU time a message cost, in microseconds: the server's process and PostgreSQL's (all of its
   * processes) over the run, divided by the messages accepted. Unlike latency, the machine's other
   * load hardly moves it; null where /proc cannot tell (not Linux, or the server's pid unknown).
   */
  serverCpuPerMessage: number | null;
  postgresCpuPerMessage: number | null;
  /** The same for the bench's own processes (the sender and the socket holders), which share the cores. */
  benchCpuPerMessage: number | null;
}

interface Pair {
  fanToken: string;
  conversationId: string;
}

/**
 * Fan k talks with creator k mod `creatorCount`: their conversations opened (or found) through the
 * API. Both have their sockets connected in the holders.
 */
async function pairUp(
  apiUrl: string,
  people: SocketPeople,
  options: { creatorCount: number; pairCount: number },
): Promise<Pair[]> {
  const conversationIds = await openConversations(
    apiUrl,
    Array.from({ length: options.pairCount }, (_, k) => ({
      fanToken: people.fanTokens[k]!,
      creatorId: people.creatorIds[k % options.creatorCount]!,
    })),
  );
  return conversationIds.map((conversationId, k) => ({ conversationId, fanToken: people.fanTokens[k]! }));
}

/** Opens (or finds) the conversation of each fan with its creator through the API. */
export async function openConversations(
  apiUrl: string,
  pairs: { fanToken: string; creatorId: string }[],
  concurrency = 50,
): Promise<string[]> {
  const ids: string[] = new Array(pairs.length);
  let next = 0;
  const worker = async () => {
    while (next < pairs.length) {
      const k = next++;
      const pair = pairs[k]!;
      const res = await fetch(`${apiUrl}/api/conversations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${pair.fanToken}` },
        body: JSON.stringify({ source: 'performer', sourceId: pair.creatorId }),
      });
      if (!res.ok)
        throw new Error(
          `POST /api/conversations answered ${res.status}: ${(await res.text()).slice(0, 200)}`,
        );
      ids[k] = ((await res.json()) as { data: { _id: string } }).data._id;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return ids;
}

/**
 * Sends text messages through `POST /api/messages/conversations/{id}` at `rate` a second for
 * `seconds`, fans taking turns, and times each `message/created` on the fan's and the creator's
 * sockets (two deliveries per message, noted by the holders) from the moment the request left.
 */
export async function measureDelivery(
  name: string,
  apiUrl: string,
  pairs: Pair[],
  holders: SocketHolders,
  options: { rate: number; seconds: number; maxInFlight?: number; serverPid?: number },
): Promise<DeliveryFigure> {
  const runId = randomBytes(4).toString('hex');
  const sentAt = new Map<string, number>();
  /** BENCH_DELIVERY_LOG: where each run writes its messages' times (for finding stalls). */
  const logPath = process.env.BENCH_DELIVERY_LOG;
  const answeredAt = new Map<string, number>();
  const answered: number[] = [];
  const loop = monitorEventLoopDelay({ resolution: 10 });
  await holders.collect();
  const benchCpuTicks = async () => {
    let total = 0;
    for (const pid of [process.pid, ...holders.pids()]) total += (await cpuTicksOf(pid)) ?? 0;
    return total;
  };
  const cpuBefore = {
    server: await cpuTicksOf(options.serverPid),
    postgres: await postgresCpuTicks(),
    bench: await benchCpuTicks(),
  };
  loop.enable();

  let sent = 0;
  let accepted = 0;
  let refused = 0;
  let inFlight = 0;
  const maxInFlight = options.maxInFlight ?? 256;
  const sender = new HttpSender(apiUrl);
  const send = async (seq: number) => {
    const pair = pairs[seq % pairs.length]!;
    const text = `bench ${runId} ${seq}`;
    inFlight += 1;
    const at = machineClock();
    sentAt.set(text, at);
    try {
      const status = await sender.post(
        `/api/messages/conversations/${pair.conversationId}`,
        pair.fanToken,
        JSON.stringify({ text }),
      );
      const took = machineClock() - at;
      answered.push(took);
      if (logPath) answeredAt.set(text, took);
      if (status >= 200 && status < 300) accepted += 1;
      else {
        refused += 1;
        sentAt.delete(text);
      }
    } catch {
      refused += 1;
      sentAt.delete(text);
    } finally {
      inFlight -= 1;
    }
  };

  const restorePriority = yieldWhileSending();
  const started = performance.now();
  const tickMs = 10;
  let seq = 0;
  while (performance.now() - started < options.seconds * 1000) {
    const due = Math.floor(((performance.now() - started) / 1000) * options.rate);
    while (seq < due && inFlight < maxInFlight) {
      void send(seq);
      seq += 1;
      sent += 1;
    }
    await sleep(tickMs);
  }
  const elapsed = (performance.now() - started) / 1000;
  restorePriority();
  loop.disable();
  // Requests still in flight and deliveries on their way get five seconds.
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline && (inFlight > 0 || (await holders.count()) < accepted * 2)) await sleep(100);
  sender.close();
  const cpuAfter = {
    server: await cpuTicksOf(options.serverPid),
    postgres: await postgresCpuTicks(),
    bench: await benchCpuTicks(),
  };
  const perMessage = (before: number | null, after: number | null) =>
    before === null || after === null || accepted === 0
      ? null
      : ((after - before) * (1e6 / clockTicksPerSecond)) / accepted;

  const delivered = new Map<string, number>();
  const latencies: number[] = [];
  const arrivalsOf = new Map<string, number[]>();
  for (const [text, arrived] of await holders.collect()) {
    const at = sentAt.get(text);
    if (at === undefined) continue;
    latencies.push(arrived - at);
    if (logPath) arrivalsOf.set(text, [...(arrivalsOf.get(text) ?? []), arrived - at]);
    delivered.set(text, (delivered.get(text) ?? 0) + 1);
  }
  let missing = 0;
  for (const text of sentAt.keys()) missing += 2 - Math.min(2, delivered.get(text) ?? 0);
  if (logPath) {
    // One line a message: sent at (machine clock, ms), answered after, each delivery after (ms). The
    // first line pairs the machine clock with the monotonic one a --cpu-prof profile is timed by.
    const rows = [...sentAt].map(([text, at]) =>
      [at, answeredAt.get(text) ?? -1, ...(arrivalsOf.get(text) ?? [])].map((x) => x.toFixed(1)).join(' '),
    );
    const clocks = `# clock ${machineClock()} monotonic ${Number(process.hrtime.bigint() / 1000n)}`;
    await writeFile(`${logPath}.${name.replace(/\W+/g, '_')}`, `${clocks}\n${rows.join('\n')}\n`);
  }
  latencies.sort((a, b) => a - b);
  answered.sort((a, b) => a - b);
  return {
    name,
    sent,
    accepted,
    deliveries: latencies.length,
    deliveriesPerSecond: latencies.length / elapsed,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    answeredP50: quantile(answered, 0.5),
    answeredP99: quantile(answered, 0.99),
    clientLoopP99: loop.percentile(99) / 1e6,
    clientLoopMax: loop.max / 1e6,
    missing,
    refused,
    serverCpuPerMessage: perMessage(cpuBefore.server, cpuAfter.server),
    postgresCpuPerMessage: perMessage(cpuBefore.postgres, cpuAfter.postgres),
    benchCpuPerMessage: perMessage(cpuBefore.bench, cpuAfter.bench),
  };
}

/**
 * The nice value the bench's own processes take while messages are sent (BENCH_HARNESS_NICE, default
 * 10; 0 leaves them as they are). The sender and the socket holders stand in for browsers on other
 * machines, yet here they share the two cores with the server and PostgreSQL. At the same priority,
 * the scheduler gave them the CPU while the server had sends waiting (measured at 2 000/s: the
 * server's answers p50 112 ms; with the bench at nice 10, 18 ms). Arrivals are still noted by the
 * holders, so a holder kept waiting by its lower priority counts against the server, never for it.
 */
const harnessNice = Number(process.env.BENCH_HARNESS_NICE ?? 10);

/** Lowers a holder process's priority to the harness's (a child: it never needs it back). */
function yieldTo(pid: number) {
  if (harnessNice > 0) setPriority(pid, harnessNice);
}

/**
 * Lowers this process's priority for a delivery run, when it can be raised again afterwards (raising
 * it needs root or CAP_SYS_NICE, and the phases after this one measure from this process too).
 * Answers the function that restores it.
 */
function yieldWhileSending(): () => void {
  const own = getPriority();
  if (harnessNice <= 0 || own >= harnessNice) return () => {};
  try {
    setPriority(own + 1);
    setPriority(own);
  } catch {
    // Not allowed to take its priority back: the sender stays as it is (the holders still yield).
    return () => {};
  }
  setPriority(harnessNice);
  return () => setPriority(own);
}

/** Linux counts process CPU time in ticks of 1/100 s (USER_HZ, the same on every architecture Linux runs on). */
const clockTicksPerSecond = 100;

/** User and system CPU ticks of a process from /proc/<pid>/stat; null where there is none. */
async function cpuTicksOf(pid: number | undefined): Promise<number | null> {
  if (!pid) return null;
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // The name (second field) is in parentheses and may hold spaces: count from after it.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/** CPU ticks of every process named postgres on this machine (the server and its backends). */
async function postgresCpuTicks(): Promise<number | null> {
  try {
    let total = 0;
    for (const entry of await readdir('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
      if (!stat.includes('(postgres)')) continue;
      total += (await cpuTicksOf(Number(entry))) ?? 0;
    }
    return total;
  } catch {
    return null;
  }
}

export function formatDelivery(f: DeliveryFigure, targetRate: number): string {
  return (
    `${f.name}: ${Math.round(f.deliveriesPerSecond)} deliveries/s (target ${targetRate * 2}/s: ${targetRate} messages/s ` +
    `to both members), p50 ${f.p50.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms (the send answered: p50 ${f.answeredP50.toFixed(1)}, ` +
    `p99 ${f.answeredP99.toFixed(1)} ms; the bench's own event loop late by ${f.clientLoopP99.toFixed(0)} ms at p99, ${f.clientLoopMax.toFixed(0)} ms at most); ${f.accepted} of ${f.sent} sends accepted` +
    `${f.refused > 0 ? `, ${f.refused} REFUSED` : ''}${f.missing > 0 ? `, ${f.missing} deliveries MISSING` : ', none missing'}` +
    (f.serverCpuPerMessage === null
      ? ''
      : `; CPU a message: server ${Math.round(f.serverCpuPerMessage)} µs` +
        (f.postgresCpuPerMessage === null ? '' : `, PostgreSQL ${Math.round(f.postgresCpuPerMessage)} µs`) +
        (f.benchCpuPerMessage === null
          ? ''
          : `, the bench's sender and socket holders ${Math.round(f.benchCpuPerMessage)} µs`)) +
    (harnessNice > 0 ? ` (the bench at nice ${harnessNice})` : '')
  );
}

export type { Pair };

export interface RealtimeOptions {
  sockets: number;
  pairs: number;
  rate: number;
  seconds: number;
  redisUrl: string | undefined;
  isPostgres: boolean;
  /**
   * Runs ANALYZE on the conversation tables once the pairs' conversations are open (PostgreSQL
   * only), as autovacuum does on a live site within a minute of such a change.
   */
  analyzeConversations?: () => Promise<void>;
}

export interface RealtimePhaseResult {
  lines: string[];
  summary: string;
  ok: boolean;
  /** Issue 14's chat goal, judged on the one-node run at the goal's rate. */
  goal: { line: string; judged: boolean; met: boolean } | null;
  /** A conversation holding messages, and its fan's token: the read target. */
  readTarget: { conversationId: string; token: string } | null;
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/**
 * Child processes holding the socket.io clients. One process with 10 000 clients paused for up to
 * 300 ms in its own garbage collection, which the figures then showed as the server's latency.
 */
const socketHolderCount = 4;

/**
 * Delivery at the target rate, then at half the rate the API accepted in that run: the first shows
 * what overload does (latency is then mostly the queue in front of the API), the second the latency
 * at a load the machine sustains.
 */
async function atTargetAndSustained(
  name: string,
  url: string,
  pairs: Pair[],
  holders: SocketHolders,
  options: { rate: number; seconds: number; serverPid?: number },
): Promise<[DeliveryFigure, number][]> {
  const target = await measureDelivery(`${name}, at the target rate`, url, pairs, holders, options);
  const reached = target.accepted / options.seconds;
  // The API kept up with the target: that line is already the latency at a sustained load.
  if (reached >= options.rate * 0.9) return [[target, options.rate]];
  const sustained = Math.max(1, Math.floor(reached / 2));
  await sleep(2000);
  const calm = await measureDelivery(`${name}, at half the rate it reached`, url, pairs, holders, {
    ...options,
    rate: sustained,
  });
  return [
    [target, options.rate],
    [calm, sustained],
  ];
}

/** Resident memory of a process, from /proc (Linux); null elsewhere. */
async function rssOf(pid: number | undefined): Promise<number | null> {
  if (!pid) return null;
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * With server-watch.cjs preloaded (BENCH_SERVER_NODE_ARGS), the goal-rate run is profiled: SIGUSR2
 * before it starts the server's CPU profile and allocation sampling, SIGUSR2 after it writes them
 * (server-watch.cjs says where). Without the preload nothing is sent (SIGUSR2 would end the server).
 */
function profileServer(pid: number | undefined): () => void {
  if (!pid || !serverNodeArgsOf().includes('server-watch.cjs')) return () => {};
  const signal = () => {
    try {
      process.kill(pid, 'SIGUSR2');
    } catch {
      // The server is gone: its own failure is reported by the run.
    }
  };
  signal();
  return signal;
}

const serverNodeArgsOf = () => process.env.BENCH_SERVER_NODE_ARGS ?? '';

/** Issue 14's chat figure: messages accepted by one node with 10 000 sockets open, and delivery p99. */
export const chatGoal = { messagesPerSecond: 2000, maxP99: 100, sockets: 10_000, before: '~450/s' };

/**
 * The goal's line for the one-node run at the goal's rate: met when the node accepted the rate (every
 * send but the last fraction of a second's) with none refused or missing and delivery p99 within
 * the goal, with the goal's sockets open. With fewer sockets the figure is printed, not judged.
 */
export function chatGoalLine(
  figure: DeliveryFigure,
  options: { seconds: number; sockets: number },
): { line: string; judged: boolean; met: boolean } {
  const accepted = figure.accepted / options.seconds;
  const kept = figure.accepted >= 0.99 * chatGoal.messagesPerSecond * options.seconds;
  const met = kept && figure.refused === 0 && figure.missing === 0 && figure.p99 <= chatGoal.maxP99;
  const judged = options.sockets >= chatGoal.sockets;
  const line =
    `goal chat messages accepted by one node, ${options.sockets} sockets open: ${figure.accepted} of ${figure.sent} ` +
    `sends accepted at ${chatGoal.messagesPerSecond}/s asked (${Math.round(accepted)}/s over the run), ` +
    `delivery p99 ${figure.p99.toFixed(0)} ms (before: ${chatGoal.before}; goal ≥ ${chatGoal.messagesPerSecond}/s ` +
    `with p99 ≤ ${chatGoal.maxP99} ms, ${chatGoal.sockets} sockets open) — ` +
    (judged ? (met ? 'met' : 'NOT MET') : `not judged (BENCH_SOCKETS=${chatGoal.sockets} judges it)`);
  return { line, judged, met };
}

/**
 * The realtime phase: N sockets on one node, delivery latency at a target rate on that node, then
 * (PostgreSQL and Redis) the same between two nodes sharing Redis: fans on node A, creators on node B.
 */
export async function realtimePhase(
  options: RealtimeOptions,
  people: SocketPeople,
  node: { url: string; pid: number | undefined },
  startNode: (
    name: string,
    env: Record<string, string>,
  ) => Promise<{ url: string; tail: () => string; stop: () => Promise<void> }>,
  log: (line: string) => void,
): Promise<RealtimePhaseResult> {
  const lines: string[] = [];
  let ok = true;
  // The clients live in child processes, a share each: the sender's timing stays its own.
  const holders = startSocketHolders(socketHolderCount);
  for (const pid of holders.pids()) yieldTo(pid);
  let readTarget: RealtimePhaseResult['readTarget'] = null;
  let goal: RealtimePhaseResult['goal'] = null;
  let figures: DeliveryFigure[] = [];
  let socketCount = 0;
  try {
    const before = await rssOf(node.pid);
    const swarm = await holders.connect(node.url, people.fanTokens.slice(0, options.sockets));
    socketCount = swarm.connected;
    const after = await rssOf(node.pid);
    const memory =
      before !== null && after !== null
        ? `, server memory ${mb(before)} → ${mb(after)} MB (${Math.round((after - before) / Math.max(1, swarm.connected) / 1024)} kB a socket)`
        : '';
    lines.push(
      `sockets: ${swarm.connected} connected and authenticated in ${swarm.seconds.toFixed(1)} s ` +
        `(${Math.round(swarm.connected / Math.max(0.001, swarm.seconds))}/s) by ${socketHolderCount} client processes, ` +
        `${swarm.failed} failed${memory}`,
    );
    if (swarm.failed > 0) ok = false;

    const pairCount = Math.min(options.pairs, swarm.connected);
    const creatorCount = Math.min(people.creatorTokens.length, pairCount);
    log(`opening ${pairCount} conversations (fan k with creator k mod ${creatorCount}) through the API`);
    const creators = await holders.connect(node.url, people.creatorTokens.slice(0, creatorCount));
    if (creators.failed > 0) ok = false;
    const pairs = await pairUp(node.url, people, { creatorCount, pairCount });
    await options.analyzeConversations?.();
    for (const [figure, rate] of await atTargetAndSustained(
      `message delivery, one node, ${swarm.connected} sockets open`,
      node.url,
      pairs,
      holders,
      { ...options, serverPid: node.pid },
    )) {
      figures.push(figure);
      lines.push(formatDelivery(figure, rate));
    }
    // The goal's own rate, unless the target already was: the latency at the load the goal names.
    if (options.rate !== chatGoal.messagesPerSecond) {
      await sleep(2000);
      const stopProfiles = profileServer(node.pid);
      const atGoal = await measureDelivery(
        `message delivery, one node, ${swarm.connected} sockets open, at the goal's rate`,
        node.url,
        pairs,
        holders,
        { rate: chatGoal.messagesPerSecond, seconds: options.seconds, serverPid: node.pid },
      );
      stopProfiles();
      figures.push(atGoal);
      lines.push(formatDelivery(atGoal, chatGoal.messagesPerSecond));
      goal = chatGoalLine(atGoal, { seconds: options.seconds, sockets: swarm.connected });
    } else {
      const atGoal = figures[0]!;
      goal = chatGoalLine(atGoal, { seconds: options.seconds, sockets: swarm.connected });
    }
    readTarget = { conversationId: pairs[0]!.conversationId, token: pairs[0]!.fanToken };
    await holders.disconnect();

    if (!options.isPostgres || !options.redisUrl) {
      lines.push(
        `two nodes skipped: ${!options.isPostgres ? 'two servers cannot share a PGlite database (set BENCH_DATABASE_URL)' : 'set BENCH_REDIS_URL'}`,
      );
    } else {
      log('starting two more nodes on the same database with REDIS_URL');
      // PostgreSQL allows 100 connections by default and the first node holds BENCH_CONNECTIONS of them.
      const env = { REDIS_URL: options.redisUrl, DATABASE_POOL_SIZE: '15' };
      const [a, b] = await Promise.all([startNode('node A', env), startNode('node B', env)]);
      try {
        const pairCount = Math.min(options.pairs, 2000, people.fanTokens.length);
        const creatorCount = Math.min(people.creatorTokens.length, pairCount);
        const fans = await holders.connect(a.url, people.fanTokens.slice(0, pairCount));
        const creators = await holders.connect(b.url, people.creatorTokens.slice(0, creatorCount));
        if (fans.failed > 0 || creators.failed > 0) {
          throw new Error(`${fans.failed + creators.failed} sockets failed to connect to the two nodes`);
        }
        const pairs = await pairUp(a.url, people, { creatorCount, pairCount });
        for (const [figure, rate] of await atTargetAndSustained(
          'message delivery, two nodes on Redis (fans on A, creators on B)',
          a.url,
          pairs,
          holders,
          options,
        )) {
          figures.push(figure);
          lines.push(formatDelivery(figure, rate));
        }
      } catch (error) {
        throw new Error(`${(error as Error).message}\nnode A said:\n${a.tail()}\nnode B said:\n${b.tail()}`);
      } finally {
        await holders.disconnect();
        // Their connections go back to PostgreSQL before the money phase's pgbench needs them.
        await Promise.all([a.stop(), b.stop()]);
      }
    }
  } finally {
    holders.stop();
  }
  figures = figures.filter(Boolean);
  if (figures.some((f) => f.missing > 0 || f.refused > 0)) ok = false;
  const summary = figures
    .map(
      (f) =>
        `${f.name.replace('message delivery, ', '')}: p99 ${f.p99.toFixed(0)} ms at ${Math.round(f.deliveriesPerSecond)}/s`,
    )
    .join('; ');
  return { lines, summary: `realtime: ${socketCount} sockets; ${summary}`, ok, readTarget, goal };
}
