import { isIP } from 'node:net';
import { z } from 'zod';

const developmentSecret = 'development-secret-do-not-use-in-production-0000';

const bool = z.enum(['true', 'false', '1', '0', '']).transform((v) => v === 'true' || v === '1');

/** proxy-addr's names for whole ranges, accepted in a TRUST_PROXY list. */
const namedProxyRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, an address/prefix, or one of proxy-addr's named ranges. */
function isProxyEntry(entry: string): boolean {
  if (namedProxyRanges.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxy may say who the client is (Fastify's `trustProxy`). Unset or false: nobody, the
 * socket's address is the client's. A number: that many hops from the right of X-Forwarded-For.
 * Addresses or CIDRs (comma separated): X-Forwarded-For is believed only when it comes from one of
 * them. true: any sender (only when nothing but the proxy can reach the server).
 */
export const ZTrustProxy = z
  .string()
  .trim()
  .transform((value, check): boolean | number | string[] => {
    const lower = value.toLowerCase();
    if (lower === '' || lower === 'false' || lower === '0') return false;
    if (lower === 'true') return true;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= 32) return hops;
    }
    const entries = value.split(',').map((e) => e.trim());
    const bad = entries.filter((e) => !isProxyEntry(e));
    if (bad.length === 0) return entries;
    check.addIssue({
      code: 'custom',
      message: `"${bad.join('", "')}" is not an address or CIDR; use true, false, a hop count (1-32) or addresses/CIDRs separated by commas (e.g. 10.0.0.1,192.168.0.0/16)`,
    });
    return z.NEVER;
  });

const ZConfig = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().default('0.0.0.0'),
    /** The address people use (links in mail, signed URLs); by default this machine at PORT. */
    PUBLIC_URL: z.url().optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
    /** PostgreSQL connections each node keeps (pg.Pool max); PGlite has one. */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
    DATA_DIR: z.string().default('./data'),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// URL')
      .optional(),
    SECRET: z.string().min(32, 'must be at least 32 characters').default(developmentSecret),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// URL')
      .optional(),
    MAIL_FROM: z.string().default('Fanstage <no-reply@localhost>'),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
    /** Defaults to on, except in production where it must be written out. */
    SEED_DEMO: bool.optional(),
    /** The demo seed's videos (made with ffmpeg, then transcoded by jobs); the live media tests leave them out. */
    SEED_DEMO_VIDEOS: bool.default(true),
    /** Which reverse proxy may name the client (X-Forwarded-For): see ZTrustProxy. */
    TRUST_PROXY: ZTrustProxy.default(false),
    CORS_ORIGINS: z.string().default(''),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
    /** Sign-ups (fan and creator) one IP may make an hour. */
    SIGNUP_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
    /** Requests that send mail to a typed address (forgot password, resend verification, contact) per IP an hour, each. */
    EMAIL_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
    /** Messages one account may send a minute (the bench raises it to measure delivery, not the limit). */
    MESSAGE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
    RATE_LIMIT_PREFIX: z.string().default('fanstage-rl-'),
    /** Names this site's realtime channels and presence keys in Redis: two sites may share one Redis. */
    REDIS_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_.:-]{1,40}$/, 'must be 1–40 letters, digits or _ . : -')
      .default('fanstage'),
    WEB_BUILD_DIR: z.string().optional(),
    /** Caps every media upload below its kind's own limit (in MB); tests use it to check 413 cheaply. */
    UPLOAD_MAX_MB: z.coerce.number().positive().optional(),
    /** How long a signed media URL works. */
    MEDIA_URL_TTL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
    /** ffmpeg and ffprobe binaries; by default /usr/bin, else the ones shipped in npm packages. */
    FFMPEG_PATH: z.string().optional(),
    FFPROBE_PATH: z.string().optional(),
    /** How often an idle job worker asks the queue for work. */
    QUEUE_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
    /**
     * Whether this node takes part in recurring jobs (pg-boss cron schedules, sub-minute triggers).
     * Unset: on, but off under NODE_ENV=test, so a test runs a periodic job only by sending it.
     */
    JOB_SCHEDULES: bool.optional(),
    /** Which payment gateway takes top-ups; unset: the admin setting when Stripe is configured, else the sandbox. */
    PAYMENT_GATEWAY: z.enum(['sandbox', 'stripe']).optional(),
    STRIPE_SECRET_KEY: z.string().min(8, 'must be a Stripe secret key').optional(),
    STRIPE_WEBHOOK_SECRET: z.string().min(8, 'must be a Stripe webhook signing secret').optional(),
    /** Where the Stripe SDK sends its requests (tests point it at an in-repo fake server). */
    STRIPE_API_URL: z.url().optional(),
    /**
     * Live video media: 'janus' runs our own Janus (the `janus` binary) and refuses joins when it cannot;
     * 'p2p' sends the creator's camera from their browser to each viewer directly (signalling over our
     * socket, at most LIVE_MESH_MAX_VIEWERS); 'auto' is 'janus' when the binary is on the machine, else
     * 'p2p'; 'off' answers joins with a refusal.
     * Unset: 'auto', but 'off' under NODE_ENV=test, so only the media tests start a Janus.
     * With JANUS_URL set, 'auto' and 'janus' use that Janus instead of running one.
     */
    LIVE_MEDIA: z.enum(['auto', 'janus', 'p2p', 'off']).optional(),
    /** Peer to peer: viewers one creator's browser sends to at once (each costs upload and CPU). */
    LIVE_MESH_MAX_VIEWERS: z.coerce.number().int().min(1).max(10).default(3),
    /** A TURN server (coturn) for browsers that cannot reach each other directly, e.g. turn:turn.example.org:3478. */
    LIVE_TURN_URL: z
      .string()
      .regex(/^turns?:[^\s]+$/, 'must be a turn:host:port or turns:host:port URL')
      .optional(),
    /** coturn's `static-auth-secret` (use-auth-secret): the API mints short-lived credentials per grant. */
    LIVE_TURN_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    /**
     * Interfaces or addresses our Janus may gather ICE candidates on (Janus's `nat.ice_enforce_list`),
     * comma separated, e.g. `eth0` or `10.0.0.5`. Unset: every interface but loopback. The live browser
     * tests set 127.0.0.2, the address their private network namespace gives a veth end.
     */
    LIVE_ICE_ENFORCE_LIST: z
      .string()
      .regex(/^[\w.:-]+(,[\w.:-]+)*$/, 'must be interface names or addresses separated by commas')
      .optional(),
    /** A STUN server the browsers and our Janus use behind a NAT, e.g. stun:stun.example.org:3478. */
    LIVE_STUN_URL: z
      .string()
      .regex(/^stun:[^:]+(:\d+)?$/, 'must be a stun:host:port URL')
      .optional(),
    /** A Janus run elsewhere: its HTTP API (`http://janus:8088/janus`); unset, we run our own. */
    JANUS_URL: z.url().optional(),
    /** Its WebSocket API, where our proxy pipes browsers (default: JANUS_URL's host, port 8188). */
    JANUS_WS_URL: z
      .string()
      .regex(/^ws:\/\/[^/]+/, 'must be a ws:// URL (the API pipes browsers to it over TCP)')
      .optional(),
    /** Its Admin API (`http://janus:7088/admin`), for cutting a viewer at once. */
    JANUS_ADMIN_URL: z.url().optional(),
    JANUS_ADMIN_SECRET: z.string().min(1).optional(),
    /** Its `token_auth_secret`: the API signs every token with it. */
    JANUS_TOKEN_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    /** Its VideoRoom `admin_key`, needed to create rooms. */
    JANUS_ROOM_ADMIN_KEY: z.string().min(1).optional(),
    /** The basic-auth password (user `janus`) its HTTP event handler posts to /api/streaming/janus-events with. */
    JANUS_EVENTS_PASSWORD: z.string().min(16, 'must be at least 16 characters').optional(),
    /** The Agora app certificate (32 hex characters); with the agoraEnable setting, shows go through Agora. */
    AGORA_APP_CERTIFICATE: z
      .string()
      .regex(/^[0-9a-fA-F]{32}$/, 'must be the 32 hex characters of an Agora app certificate')
      .optional(),
    /** Google sign-in's client secret (the code flow); the client id is the admin setting googleClientId. */
    GOOGLE_CLIENT_SECRET: z.string().min(8, 'must be a Google OAuth client secret').optional(),
    /** Google's OpenID endpoints; tests point them at a local OpenID provider. */
    GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
    GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
    GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
    /** Twitter sign-in (OAuth 1.0a): the app's consumer key and secret. */
    TWITTER_CONSUMER_KEY: z.string().min(8, 'must be a Twitter consumer (API) key').optional(),
    TWITTER_CONSUMER_SECRET: z.string().min(8, 'must be a Twitter consumer (API) secret').optional(),
    /** Twitter's API and authorize page; tests point them at a local OAuth 1.0a stand-in. */
    TWITTER_API_URL: z.url().default('https://api.twitter.com'),
    /** reCAPTCHA's secret key; with the reCaptchaSiteKey setting, sign-ups, contact and failed logins need the widget. */
    RECAPTCHA_SECRET: z.string().min(8, 'must be a reCAPTCHA secret key').optional(),
    /** Google's siteverify endpoint; tests point it at a local stand-in. */
    RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
    /**
     * S3-compatible object storage for uploads (README "Deploy"): used when S3_BUCKET is set, instead
     * of the local folder under DATA_DIR. Several API nodes must share one bucket.
     */
    S3_BUCKET: z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be an S3 bucket name (3–63 lowercase letters, digits, . or -)',
      )
      .optional(),
    /** The store's address (MinIO, Ceph, R2, …); unset: AWS S3 in S3_REGION. */
    S3_ENDPOINT: z.url().optional(),
    /**
     * Where browsers reach the store (e.g. https://media.example.com): private media is then read
     * straight from it through presigned URLs. Unset with S3_ENDPOINT: the API streams the bytes.
     */
    S3_PUBLIC_ENDPOINT: z.url().optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    /** Unset: the AWS SDK's own chain (environment, instance role). */
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** bucket in the path (http://host/bucket/key), as most self-hosted stores need. */
    S3_FORCE_PATH_STYLE: bool.default(false),
    /** A folder inside the bucket for this site's keys (two sites may share a bucket). */
    S3_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*$/, 'must be letters, digits, _ . - separated by /')
      .optional(),
    /**
     * Who may read GET /api/metrics (Prometheus): a bearer token, and/or the addresses (comma
     * separated, CIDRs allowed) that may read it without one. Unset token: loopback only.
     */
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    METRICS_ALLOW: z.string().default('127.0.0.1,::1'),
  })
  .superRefine((c, ctx) => {
    if (!!c.TWITTER_CONSUMER_KEY !== !!c.TWITTER_CONSUMER_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: [c.TWITTER_CONSUMER_KEY ? 'TWITTER_CONSUMER_SECRET' : 'TWITTER_CONSUMER_KEY'],
        message: 'TWITTER_CONSUMER_KEY and TWITTER_CONSUMER_SECRET go together',
      });
    }
    if (c.JANUS_URL) {
      for (const key of ['JANUS_TOKEN_SECRET', 'JANUS_ROOM_ADMIN_KEY'] as const) {
        if (!c[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is needed with JANUS_URL' });
      }
    }
    if (c.PAYMENT_GATEWAY === 'stripe' && (!c.STRIPE_SECRET_KEY || !c.STRIPE_WEBHOOK_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_GATEWAY'],
        message: 'stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
      });
    }
    if (!!c.LIVE_TURN_URL !== !!c.LIVE_TURN_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: [c.LIVE_TURN_URL ? 'LIVE_TURN_SECRET' : 'LIVE_TURN_URL'],
        message: 'LIVE_TURN_URL and LIVE_TURN_SECRET go together',
      });
    }
    if (!!c.S3_ACCESS_KEY_ID !== !!c.S3_SECRET_ACCESS_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: [c.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
      });
    }
    for (const entry of c.METRICS_ALLOW.split(',')
      .map((e) => e.trim())
      .filter(Boolean)) {
      if (!isProxyEntry(entry) || namedProxyRanges.has(entry)) {
        ctx.addIssue({
          code: 'custom',
          path: ['METRICS_ALLOW'],
          message: `"${entry}" is not an address or CIDR`,
        });
      }
    }
    if (c.NODE_ENV === 'production' && c.SECRET === developmentSecret) {
      ctx.addIssue({
        code: 'custom',
        path: ['SECRET'],
        message: 'must be set to your own secret in production',
      });
    }
  })
  .transform((c) => ({
    ...c,
    SEED_DEMO: c.SEED_DEMO ?? c.NODE_ENV !== 'production',
    // PORT=9000 alone must not leave links pointing at :8080 (0, a free port, keeps the usual one).
    PUBLIC_URL: c.PUBLIC_URL ?? `http://localhost:${c.PORT || 8080}`,
    LIVE_MEDIA: c.LIVE_MEDIA ?? (c.NODE_ENV === 'test' ? ('off' as const) : ('auto' as const)),
    JOB_SCHEDULES: c.JOB_SCHEDULES ?? c.NODE_ENV !== 'test',
  }));

export type Config = z.infer<typeof ZConfig>;

/** Every environment variable the server reads (the deploy recipes' check holds them to this list). */
export const configVariables: readonly string[] = Object.keys(ZConfig.in.shape);

/** Reads the environment; a bad value throws a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZConfig.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** Config for tests: development defaults without reading the real environment. */
export function testConfig(overrides: Partial<Record<string, string>> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', ...overrides });
}
