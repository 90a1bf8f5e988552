import type { Metric, Registry } from 'prom-client';

/** The upper bounds (seconds) of the request-time histogram's buckets. */
const bounds = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5] as const;
const name = 'fanstage_http_request_duration_seconds';
const help = 'Time to answer an HTTP request, by method, route pattern and status code.';

interface Series {
  labels: { method: string; route: string; status: string };
  /** Observations per bucket (not cumulative); the last one is past every bound. */
  counts: number[];
  sum: number;
  count: number;
}

export interface RequestDurations {
  observe(method: string, route: string, status: number, seconds: number): void;
}

/**
 * The request-time histogram, kept here instead of in prom-client's Histogram: that one validates and
 * hashes the label object and turns each bucket bound into a property name on every observation,
 * which cost a cached answer (the public settings) about a sixth of its time. This one finds its
 * series by one string key and counts into an array; the registry formats it as prom-client's own
 * histogram would (same names, labels and cumulative buckets) when it is scraped.
 */
export function createRequestDurations(registry: Registry): RequestDurations {
  const series = new Map<string, Series>();
  const metric = {
    name,
    help,
    type: 'histogram',
    aggregator: 'sum',
    reset: () => series.clear(),
    get: async () => {
      const values: Array<{
        labels: Record<string, string | number>;
        sharedLabels: Record<string, string>;
        value: number;
        metricName: string;
      }> = [];
      for (const s of series.values()) {
        let cumulative = 0;
        bounds.forEach((le, k) => {
          cumulative += s.counts[k] ?? 0;
          values.push({
            labels: { le },
            sharedLabels: s.labels,
            value: cumulative,
            metricName: `${name}_bucket`,
          });
        });
        values.push(
          { labels: { le: '+Inf' }, sharedLabels: s.labels, value: s.count, metricName: `${name}_bucket` },
          { labels: {}, sharedLabels: s.labels, value: s.sum, metricName: `${name}_sum` },
          { labels: {}, sharedLabels: s.labels, value: s.count, metricName: `${name}_count` },
        );
      }
      return { name, help, type: 'histogram', aggregator: 'sum', values };
    },
  };
  registry.registerMetric(metric as unknown as Metric);
  return {
    observe(method, route, status, seconds) {
      const key = `${method} ${status} ${route}`;
      let s = series.get(key);
      if (!s) {
        s = {
          labels: { method, route, status: String(status) },
          counts: new Array(bounds.length + 1).fill(0),
          sum: 0,
          count: 0,
        };
        series.set(key, s);
      }
      let k = 0;
      while (k < bounds.length && seconds > bounds[k]!) k += 1;
      s.counts[k]! += 1;
      s.sum += seconds;
      s.count += 1;
    },
  };
}
