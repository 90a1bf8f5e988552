import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Registry } from 'prom-client';
import type { AppContext } from '../../context';
import type { Mailer } from '../mail/mail.service';

// The metrics' surface alone (AppContext names it): what builds them imports the wallet and more.
export interface Metrics {
  readonly registry: Registry;
  /** The Prometheus text of this app's and the process's figures. */
  text(): Promise<string>;
  /** Counts a mailer's failures (wraps it). */
  countMailFailures(mailer: Mailer): Mailer;
  /** Times every request by its route pattern; call once with the app. */
  instrument(app: FastifyInstance): void;
  /** Registers the gauges that read the app's state (database, sockets, queue). */
  watch(ctx: AppContext): void;
  /** The last ledger reconciliation (run now if none yet or older than five minutes). */
  ledger(): Promise<{ problems: number; at: number } | null>;
  /** Mails the transport refused since this node started. */
  mailFailures(): number;
  /** Whether this request may read the metrics (METRICS_TOKEN or METRICS_ALLOW). */
  mayRead(request: FastifyRequest): boolean;
}
