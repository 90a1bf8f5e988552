import { randomUUID } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DbHandle } from '@fanstage/db';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { DestinationStream } from 'pino';
import type { Config } from './config';
import type { AppContext } from './context';
import { type Clock, systemClock } from './lib/clock';
import { createViewCache } from './lib/view-cache';
import { addressesRoutes } from './modules/addresses/addresses.routes';
import { adminDashboardRoutes } from './modules/admin-dashboard/admin-dashboard.routes';
import { assetsRoutes } from './modules/assets/assets.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { createActorCache } from './modules/auth/sessions';
import { socialAuthRoutes } from './modules/auth/social/social.routes';
import { blocksRoutes } from './modules/blocks/blocks.routes';
import { registerCallJobs } from './modules/calls/calls.jobs';
import { registerCallP2pSignalling } from './modules/calls/calls.p2p.socket';
import { callsRoutes } from './modules/calls/calls.routes';
import { commentsRoutes } from './modules/comments/comments.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { earningsRoutes } from './modules/earnings/earnings.routes';
import { feedsRoutes } from './modules/feeds/feeds.routes';
import { registerTimelineJobs } from './modules/feeds/timeline.service';
import { filesRoutes } from './modules/files/files.routes';
import { createLocalStorage, type Storage } from './modules/files/storage';
import { s3StorageFromConfig } from './modules/files/storage-s3';
import { followsRoutes } from './modules/follows/follows.routes';
import { geoBlocksRoutes } from './modules/geo-blocks/geo-blocks.routes';
import { healthRoutes } from './modules/health/health.routes';
import { mailRoutes } from './modules/mail/mail.routes';
import { createMailer, type Mailer } from './modules/mail/mail.service';
import { registerMediaJobs } from './modules/media/media.jobs';
import { mediaRoutes } from './modules/media/media.routes';
import { messagesRoutes } from './modules/messages/messages.routes';
import { createMetrics } from './modules/metrics/metrics';
import { moderationRoutes } from './modules/moderation/moderation.routes';
import { registerNotificationJobs } from './modules/notifications/notifications.jobs';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { ordersRoutes } from './modules/orders/orders.routes';
import { registerPaymentJobs } from './modules/payments/payments.jobs';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { payoutsRoutes } from './modules/payouts/payouts.routes';
import { performersAdminRoutes } from './modules/performers/performers.admin.routes';
import { performersRoutes } from './modules/performers/performers.routes';
import { reCaptchaRoutes } from './modules/re-captcha/re-captcha.routes';
import { reactionsRoutes } from './modules/reactions/reactions.routes';
import { createRealtimeHub } from './modules/realtime/realtime.hub';
import { registerRealtimeHandlers } from './modules/realtime/realtime.socket';
import { referenceRoutes } from './modules/reference/reference.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { createSettingsService } from './modules/settings/settings.service';
import { siteContentRoutes } from './modules/site-content/site-content.routes';
import { createLiveMedia } from './modules/streaming/media/create-live-media';
import { attachJanusWsProxy } from './modules/streaming/media/janus-ws-proxy';
import { janusEventsPath } from './modules/streaming/media/live-media';
import { streamingChatRoutes } from './modules/streaming/streaming.chat.routes';
import { registerStreamingJobs } from './modules/streaming/streaming.jobs';
import { registerP2pSignalling } from './modules/streaming/streaming.p2p.socket';
import { streamingRoutes } from './modules/streaming/streaming.routes';
import { registerStreamingSocket } from './modules/streaming/streaming.socket';
import { subscriptionsAdminRoutes } from './modules/subscriptions/subscriptions.admin.routes';
import { registerSubscriptionJobs } from './modules/subscriptions/subscriptions.jobs';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes';
import { twoFactorRoutes } from './modules/two-factor/two-factor.routes';
import { createAccountCache } from './modules/users/account-cache';
import { usersAdminRoutes } from './modules/users/users.admin.routes';
import { usersRoutes } from './modules/users/users.routes';
import { walletAdminRoutes } from './modules/wallet/wallet.admin.routes';
import { registerWalletJobs } from './modules/wallet/wallet.jobs';
import { walletRoutes } from './modules/wallet/wallet.routes';
import { authPlugin } from './plugins/auth';
import { errorsPlugin } from './plugins/errors';
import { geoGuardPlugin } from './plugins/geo-guard';
import { inputGuardPlugin } from './plugins/input-guard';
import { createJobQueue, type JobQueue } from './plugins/queue';
import { requestLogPlugin } from './plugins/request-log';
import { securityHeadersPlugin } from './plugins/security-headers';
import { watchViewChanges } from './plugins/views';
import { registerWeb } from './plugins/web';

export interface BuildAppOptions {
  config: Config;
  db: DbHandle;
  clock?: Clock;
  mailer?: Mailer;
  storage?: Storage;
  queue?: JobQueue;
  /** Serve the built React app too (the one-port default). */
  web?: boolean;
  /** A connection that sends nothing for this long is closed (a stalled upload frees its file). */
  idleTimeoutMs?: number;
  /** Where log lines go (default stdout); tests read them here. */
  logStream?: DestinationStream;
}

/**
 * Fastify's `trustProxy` from TRUST_PROXY. A hop count becomes proxy-addr's own rule for numbers
 * (trust the first n hops from the socket), written out because Fastify's types take no number.
 */
const trustProxyOption = (value: Config['TRUST_PROXY']) =>
  typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Builds the whole HTTP application; does not listen. */
/**
 * A Redis client whose connection errors are logged (once per outage, at warn) instead of ioredis's
 * "Unhandled error event"; it keeps reconnecting, and /api/ready fails meanwhile.
 */
function watchRedis(client: Redis, log: FastifyInstance['log']): Redis {
  let down = false;
  client.on('error', (err: Error) => {
    if (down) return;
    down = true;
    log.warn({ err: err.message }, 'Redis is unreachable; retrying');
  });
  client.on('ready', () => {
    if (down) log.info('Redis is reachable again');
    down = false;
  });
  return client;
}

export async function buildApp(options: BuildAppOptions): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const { config, db } = options;
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // plugins/request-log writes one line per request instead.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    connectionTimeout: options.idleTimeoutMs ?? 120_000,
    bodyLimit: 1024 * 1024,
    // A URL that cannot be decoded (an unpaired surrogate's bytes, a lone %) gets the one error shape.
    frameworkErrors: (_error: Error, _request: FastifyRequest, reply: FastifyReply) => {
      reply
        .status(400)
        .send({ statusCode: 400, code: 'VALIDATION_FAILED', message: 'This address is not valid.' });
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 300 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const origins = config.CORS_ORIGINS.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const realtime = await createRealtimeHub({
    redisUrl: config.REDIS_URL,
    allowedOrigins: origins,
    log: app.log,
    createRedis: (url) => watchRedis(new Redis(url, { maxRetriesPerRequest: 2 }), app.log),
    redisPrefix: config.REDIS_PREFIX,
  });
  realtime.attach(app.server);
  app.addHook('preClose', async () => realtime.close());
  const clock = options.clock ?? systemClock;
  const settings = createSettingsService(db);
  const media = createLiveMedia({
    config,
    log: app.log,
    now: () => clock.now(),
    realtime,
    agoraSettings: () => settings.getAll(),
    eventsUrl: () => {
      // Our own Janus posts its events to us on the loopback, once we listen (it starts after).
      const address = app.server.address();
      if (typeof address !== 'object' || !address) return 'http://127.0.0.1:9/janus-events';
      const { port } = address;
      const host = ['0.0.0.0', '::'].includes(address.address)
        ? '127.0.0.1'
        : address.address.includes(':')
          ? `[${address.address}]`
          : address.address;
      return `http://${host}:${port}${janusEventsPath}`;
    },
  });
  const janusWsProxy = attachJanusWsProxy(app.server, { target: () => media.proxyTarget(), log: app.log });
  app.addHook('preClose', async () => janusWsProxy.close());
  app.addHook('onClose', async () => media.close());

  const metrics = createMetrics(config);
  const ctx: AppContext = {
    config,
    db,
    clock,
    metrics,
    mailer: metrics.countMailFailures(
      options.mailer ?? createMailer({ db, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }),
    ),
    storage:
      options.storage ?? s3StorageFromConfig(config) ?? createLocalStorage(resolve(config.DATA_DIR, 'files')),
    settings,
    queue:
      options.queue ??
      createJobQueue({
        db,
        databaseUrl: config.DATABASE_URL,
        log: app.log,
        pollingIntervalSeconds: config.QUEUE_POLL_SECONDS,
        schedules: config.JOB_SCHEDULES,
      }),
    realtime,
    sessionCache: createActorCache(),
    accountCache: createAccountCache(),
    views: createViewCache(),
    media,
    log: app.log,
    lifecycle: { draining: false },
  };
  realtime.onSessionsChanged((userId) => {
    ctx.sessionCache.forgetUser(userId);
    ctx.accountCache.forget(userId);
  });
  realtime.onAccountsChanged((userIds) => {
    for (const id of userIds) ctx.accountCache.forget(id);
  });
  watchViewChanges(app, ctx);
  let drainSweep: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    ctx.lifecycle.draining = true;
    // Node's server.close() ends the keep-alive connections idle at that moment; one whose request
    // finishes later would hold the process for its keep-alive time (72 s). End those as they go idle.
    if (!app.server.listening) return;
    drainSweep = setInterval(() => app.server.closeIdleConnections(), 200);
    drainSweep.unref();
  });
  app.addHook('onClose', async () => clearInterval(drainSweep));
  // While draining, every answer asks the client to reconnect (to another node) for the next request.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (ctx.lifecycle.draining) reply.header('connection', 'close');
    done(null, payload);
  });
  metrics.instrument(app);
  metrics.watch(ctx);
  // The workers stop here, before whoever opened the database closes it after app.close().
  app.addHook('onClose', async () => ctx.queue.stop());
  await registerMediaJobs(ctx);
  await registerSubscriptionJobs(ctx);
  await registerWalletJobs(ctx);
  await registerCallJobs(ctx);
  await registerPaymentJobs(ctx);
  await registerStreamingJobs(ctx);
  await registerNotificationJobs(ctx);
  await registerTimelineJobs(ctx);

  await app.register(errorsPlugin);
  await app.register(inputGuardPlugin);
  await app.register(requestLogPlugin);
  await app.register(securityHeadersPlugin);
  // Without CORS_ORIGINS the API is same-origin only: no cross-origin headers and no preflight
  // answers, which is what @fastify/cors does with `origin: false`, so it is not registered (its hook
  // cost every request about 5 % of a cached answer's CPU).
  if (origins.length > 0) await app.register(cors, { origin: origins, credentials: true });
  // Answers are compressed; request bodies are not taken compressed (no client of ours sends
  // Content-Encoding), so the plugin's decompression hook is left off every route.
  await app.register(compress, { global: true, threshold: 1024, globalDecompression: false });
  await app.register(cookie);
  const redis = config.REDIS_URL
    ? watchRedis(new Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2 }), app.log)
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: config.RATE_LIMIT_PREFIX,
    keyGenerator: (req) => req.ip,
  });
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 10 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Fanstage API', version: '0.1.0', description: 'Creator subscription platform API.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(authPlugin, { ctx });
  // After the session is known: admins pass the site-wide geo-block.
  await app.register(geoGuardPlugin, { ctx });
  registerRealtimeHandlers(ctx, app);
  registerStreamingSocket(ctx);
  registerP2pSignalling(ctx, app);
  registerCallP2pSignalling(ctx);

  await app.register(
    async (api) => {
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      await api.register(healthRoutes, { ctx });
      await api.register(authRoutes, { ctx });
      await api.register(socialAuthRoutes, { ctx });
      await api.register(twoFactorRoutes, { ctx });
      await api.register(usersRoutes, { ctx });
      await api.register(usersAdminRoutes, { ctx });
      await api.register(subscriptionsAdminRoutes, { ctx });
      await api.register(auditRoutes, { ctx });
      await api.register(settingsRoutes, { ctx });
      await api.register(referenceRoutes, { ctx });
      await api.register(filesRoutes, { ctx });
      await api.register(mailRoutes, { ctx });
      await api.register(performersRoutes, { ctx });
      await api.register(performersAdminRoutes, { ctx });
      await api.register(followsRoutes, { ctx });
      await api.register(blocksRoutes, { ctx });
      await api.register(geoBlocksRoutes, { ctx });
      await api.register(mediaRoutes, { ctx });
      await api.register(feedsRoutes, { ctx });
      await api.register(assetsRoutes, { ctx });
      await api.register(reactionsRoutes, { ctx });
      await api.register(commentsRoutes, { ctx });
      await api.register(reportsRoutes, { ctx });
      await api.register(moderationRoutes, { ctx });
      await api.register(contactRoutes, { ctx });
      await api.register(reCaptchaRoutes, { ctx });
      await api.register(siteContentRoutes, { ctx });
      await api.register(walletRoutes, { ctx });
      await api.register(walletAdminRoutes, { ctx });
      await api.register(adminDashboardRoutes, { ctx });
      await api.register(subscriptionsRoutes, { ctx });
      await api.register(earningsRoutes, { ctx });
      await api.register(paymentsRoutes, { ctx });
      await api.register(payoutsRoutes, { ctx });
      await api.register(addressesRoutes, { ctx });
      await api.register(ordersRoutes, { ctx });
      await api.register(messagesRoutes, { ctx });
      await api.register(notificationsRoutes, { ctx });
      await api.register(streamingRoutes, { ctx });
      await api.register(streamingChatRoutes, { ctx });
      await api.register(callsRoutes, { ctx });
    },
    { prefix: '/api' },
  );

  app.setNotFoundHandler((req, reply) =>
    reply.status(404).send({
      statusCode: 404,
      code: 'NOT_FOUND',
      message: req.url.startsWith('/api') ? 'There is no such API route.' : 'This page does not exist.',
    }),
  );

  if (options.web) {
    const served = await registerWeb(app, {
      buildDir: config.WEB_BUILD_DIR ?? resolve(repoRoot, 'apps/web/build'),
      publicUrl: config.PUBLIC_URL,
      mode: config.NODE_ENV === 'production' ? 'production' : 'development',
    });
    if (!served) app.log.warn('no web build found: serving the API only (run `npm run build -w apps/web`)');
  }

  return { app, ctx };
}
