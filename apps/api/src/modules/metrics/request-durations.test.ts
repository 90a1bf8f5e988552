import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createRequestDurations } from './request-durations';

describe('request durations', () => {
  it("writes the same Prometheus text as prom-client's own Histogram for the same observations", async () => {
    const ours = new Registry();
    const durations = createRequestDurations(ours);
    const theirs = new Registry();
    const histogram = new Histogram({
      name: 'fanstage_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [theirs],
    });
    const observations: Array<[string, string, number, number]> = [
      ['GET', '/api/performers/:id', 200, 0.0015],
      ['GET', '/api/performers/:id', 200, 0.002],
      ['GET', '/api/performers/:id', 200, 0.0021],
      ['GET', '/api/performers/:id', 404, 0.3],
      ['POST', '/api/wallet/tip', 200, 7.5],
      ['POST', '/api/wallet/tip', 422, 5],
    ];
    for (const [method, route, status, seconds] of observations) {
      durations.observe(method, route, status, seconds);
      histogram.observe({ method, route, status: String(status) }, seconds);
    }
    const text = await ours.metrics();
    expect(text).toBe(await theirs.metrics());
    expect(text).toContain(
      'fanstage_http_request_duration_seconds_bucket{le="0.002",method="GET",route="/api/performers/:id",status="200"} 2',
    );
    expect(text).toContain(
      'fanstage_http_request_duration_seconds_bucket{le="5",method="POST",route="/api/wallet/tip",status="200"} 0',
    );
    expect(text).toContain(
      'fanstage_http_request_duration_seconds_bucket{le="+Inf",method="POST",route="/api/wallet/tip",status="200"} 1',
    );
    ours.resetMetrics();
    expect(await ours.metrics()).not.toContain('_bucket');
  });
});
