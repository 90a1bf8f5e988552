import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, constants, existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { janusConfigFiles } from './janus-config';

/** Where a running Janus answers, and the secrets that control it. */
export interface JanusEndpoint {
  /** Janus API over HTTP (`…/janus`), used by the API for rooms. */
  httpUrl: string;
  /** Janus API over WebSocket, what browsers talk to (through our proxy when we run Janus). */
  wsUrl: string;
  /** Admin API (`…/admin`), for hanging up a viewer at once. */
  adminUrl: string;
  adminSecret: string;
  /** Signs the tokens of the API and of every viewer and publisher. */
  tokenSecret: string;
  /** Needed to create rooms in the VideoRoom plugin. */
  roomAdminKey: string;
  /** Basic-auth password of the event handler's posts to our API. */
  eventsPassword: string;
}

export interface OwnJanus extends JanusEndpoint {
  pid: number;
  /** Resolves when the process has ended (after stop() or by itself). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(): Promise<void>;
}

const isExecutable = (path: string) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** The janus binary on this machine (Debian's package puts it in /usr/bin), or null. */
export function findJanusBinary(
  candidates = ['/usr/bin/janus', '/usr/local/bin/janus', '/opt/janus/bin/janus'],
) {
  return candidates.find(isExecutable) ?? null;
}

/** The module folders of an installed Janus (Debian: /usr/lib/<triplet>/janus), or null. */
export function findJanusModules(binary: string): string | null {
  const prefix = dirname(dirname(binary));
  const roots = [join(prefix, 'lib', 'janus'), join(prefix, 'lib64', 'janus')];
  const lib = join(prefix, 'lib');
  if (existsSync(lib)) {
    for (const entry of readdirSync(lib)) roots.push(join(lib, entry, 'janus'));
  }
  return roots.find((r) => existsSync(join(r, 'plugins', 'libjanus_videoroom.so'))) ?? null;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });

const soFiles = (folder: string) =>
  existsSync(folder) ? readdirSync(folder).filter((f) => f.endsWith('.so')) : [];
const secret = () => randomBytes(24).toString('base64url');

/**
 * Starts a Janus of our own: a fresh config folder with random secrets and free ports, the process as
 * our child, ready once `GET /janus/info` answers. stop() ends it and removes the folder.
 */
export async function startOwnJanus(options: {
  binary: string;
  eventsUrl: string;
  iceEnforceList?: string;
  /** A public STUN server, for the host candidates of a Janus behind a NAT. */
  stun?: { host: string; port: number };
  rtpPorts?: { from: number; to: number };
  onLog?: (line: string) => void;
  timeoutMs?: number;
}): Promise<OwnJanus> {
  const modules = findJanusModules(options.binary);
  if (!modules) throw new Error(`no Janus plugin folder with the VideoRoom plugin next to ${options.binary}`);
  const folders = {
    plugins: join(modules, 'plugins'),
    transports: join(modules, 'transports'),
    events: join(modules, 'events'),
    loggers: join(modules, 'loggers'),
  };
  const dir = await mkdtemp(join(tmpdir(), 'fanstage-janus-'));
  const ports = { http: await freePort(), ws: await freePort(), admin: await freePort() };
  // A small range of its own, so that two Janus processes on one machine (tests) do not collide.
  const rtpFrom = options.rtpPorts?.from ?? 20_000 + ((process.pid * 37) % 400) * 100;
  const rtpTo = options.rtpPorts?.to ?? rtpFrom + 99;
  const secrets = { admin: secret(), token: secret(), roomAdminKey: secret(), eventsPassword: secret() };
  const configs = join(dir, 'etc');
  await mkdir(configs);
  // Folders Janus fails without when they are missing, even if nothing in them is used.
  for (const f of Object.values(folders))
    if (!existsSync(f)) await mkdir(join(dir, 'empty'), { recursive: true });
  const files = janusConfigFiles({
    folders: Object.fromEntries(
      Object.entries(folders).map(([k, f]) => [k, existsSync(f) ? f : join(dir, 'empty')]),
    ) as typeof folders,
    present: {
      plugins: soFiles(folders.plugins),
      transports: soFiles(folders.transports),
      events: soFiles(folders.events),
      loggers: soFiles(folders.loggers),
    },
    ports: { ...ports, rtpFrom, rtpTo },
    secrets,
    eventsUrl: options.eventsUrl,
    iceEnforceList: options.iceEnforceList ?? '',
    ...(options.stun ? { stun: options.stun } : {}),
    configsFolder: configs,
  });
  for (const [name, text] of Object.entries(files))
    await writeFile(join(configs, name), text, { mode: 0o600 });

  const child: ChildProcess = spawn(
    options.binary,
    [
      '--configs-folder',
      configs,
      '--config',
      join(configs, 'janus.jcfg'),
      '--disable-colors',
      '--log-stdout',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let tail = '';
  const onData = (chunk: Buffer) => {
    const text = chunk.toString();
    tail = (tail + text).slice(-4000);
    if (options.onLog) for (const line of text.split('\n')) if (line.trim()) options.onLog(line);
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let ended = false;
  void exited.then(() => {
    ended = true;
    return rm(dir, { recursive: true, force: true });
  });

  const stop = async () => {
    if (!ended) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dir, { recursive: true, force: true });
  };

  const httpUrl = `http://127.0.0.1:${ports.http}/janus`;
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  for (;;) {
    if (ended) throw new Error(`Janus stopped while starting:\n${tail}`);
    const ok = await fetch(`${httpUrl}/info`, { signal: AbortSignal.timeout(1000) })
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`Janus did not answer within ${options.timeoutMs ?? 15_000} ms:\n${tail}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    pid: child.pid ?? 0,
    httpUrl,
    wsUrl: `ws://127.0.0.1:${ports.ws}`,
    adminUrl: `http://127.0.0.1:${ports.admin}/admin`,
    adminSecret: secrets.admin,
    tokenSecret: secrets.token,
    roomAdminKey: secrets.roomAdminKey,
    eventsPassword: secrets.eventsPassword,
    exited,
    stop,
  };
}
