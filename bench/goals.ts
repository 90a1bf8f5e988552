/*
 * Issue 14's figures: each one's goal and the value measured before the work (the issue's own table:
 * PostgreSQL 15, the full data set, 50 connections, a quiet two-core machine). The run prints every
 * figure it measured beside both, so a run says at a glance which goals are met. Ratios compare across
 * machines; absolute req/s and milliseconds do not, so "before" is given as the issue measured it.
 */

export interface Measured {
  name: string;
  /** req/s (or tips/s) over the run's own baseline: hello for reads, pgbench tpcb-like for tips. */
  ratio: number;
  p99: number;
}

interface Goal {
  /** The start of the figure's name in the run's output. */
  name: string;
  minRatio: number;
  maxP99?: number;
  before: { ratio: number; p99: number };
}

const goals: Goal[] = [
  { name: 'GET /api/settings/public', minRatio: 0.5, before: { ratio: 0.25, p99: 12 } },
  { name: 'GET /api/users/me', minRatio: 0.35, before: { ratio: 0.13, p99: 13 } },
  {
    name: 'GET /api/performers/{username} (signed out)',
    minRatio: 0.25,
    maxP99: 50,
    before: { ratio: 0.02, p99: 54 },
  },
  { name: 'GET /api/user/feeds (', minRatio: 0.1, maxP99: 50, before: { ratio: 0.003, p99: 605 } },
  { name: 'GET /api/user/feeds/search/', minRatio: 0.2, maxP99: 50, before: { ratio: 0.005, p99: 226 } },
  { name: 'GET /api/messages/conversations/{id}', minRatio: 0.25, before: { ratio: 0.03, p99: 46 } },
  { name: 'wallet tips (many fans → many creators)', minRatio: 0.5, before: { ratio: 0.12, p99: 173 } },
  { name: 'wallet tips (many fans → one creator)', minRatio: 0.5, before: { ratio: 0.12, p99: 173 } },
];

/** One line per measured figure that has a goal: now, before, the goal, met or not. */
export function goalLines(measured: Measured[]): { lines: string[]; met: number; missed: number } {
  const lines: string[] = [];
  let met = 0;
  let missed = 0;
  for (const goal of goals) {
    const m = measured.find((f) => f.name.startsWith(goal.name));
    if (!m) continue;
    const ok = m.ratio >= goal.minRatio && (goal.maxP99 === undefined || m.p99 <= goal.maxP99);
    if (ok) met += 1;
    else missed += 1;
    const want = `≥ ${goal.minRatio}${goal.maxP99 !== undefined ? `, p99 ≤ ${goal.maxP99} ms` : ''}`;
    lines.push(
      `goal ${m.name}: ratio ${m.ratio.toFixed(3)}, p99 ${m.p99} ms (before: ${goal.before.ratio}, ` +
        `${goal.before.p99} ms; goal ${want}) — ${ok ? 'met' : 'NOT MET'}`,
    );
  }
  return { lines, met, missed };
}

/** The resident memory of a process in MB, from /proc (Linux); null elsewhere. */
export async function residentMb(pid: number | undefined): Promise<number | null> {
  if (!pid) return null;
  try {
    const { readFile } = await import('node:fs/promises');
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : null;
  } catch {
    return null;
  }
}
