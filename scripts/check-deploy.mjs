#!/usr/bin/env node
// Checks the deploy recipes in deploy/ (Docker Compose, Dockerfiles, nginx, systemd), which cannot run
// here: their syntax, the files they name, the values that must agree between services, and that every
// environment variable they give the API is one the server reads (configVariables in
// apps/api/src/config.ts). `nginx -t` and `systemd-analyze verify` run when installed; without them
// those two checks are skipped with a notice. Ends with `deploy: N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const deploy = join(root, 'deploy');
const files = {
  compose: join(deploy, 'docker-compose.yml'),
  envExample: join(deploy, '.env.example'),
  nginx: join(deploy, 'nginx/fanstage.conf'),
  unit: join(deploy, 'systemd/fanstage-api@.service'),
  unitEnv: join(deploy, 'systemd/fanstage.env.example'),
};
const apiServices = ['api1', 'api2'];
const requiredServices = [
  ...apiServices,
  'postgres',
  'redis',
  'minio',
  'minio-init',
  'janus',
  'coturn',
  'proxy',
];
// Read by the runtime, not by the app: allowed next to the server's own variables.
const runtimeVariables = new Set(['MALLOC_ARENA_MAX', 'MALLOC_MMAP_THRESHOLD_', 'NODE_OPTIONS']);
const show = (path) => relative(root, path) || '.';

let passed = 0;
let failed = 0;
/** Runs one check: it answers a list of problems (none: ok), or { skip } with the reason. */
async function check(name, run) {
  let answer;
  try {
    answer = await run();
  } catch (err) {
    answer = [err instanceof Error ? err.message : String(err)];
  }
  if (answer && !Array.isArray(answer)) {
    console.log(`notice: ${name} skipped: ${answer.skip}`);
    return;
  }
  if (answer.length === 0) {
    passed++;
    console.log(`ok ${name}`);
  } else {
    failed++;
    console.log(`FAILED ${name}: ${answer.join('; ')}`);
  }
}

const run = (cmd, args, options = {}) => spawnSync(cmd, args, { encoding: 'utf8', ...options });
const onPath = (cmd) => run('sh', ['-c', `command -v ${cmd}`]).status === 0;
let temp;
const tempDir = () => {
  temp ??= mkdtempSync(join(tmpdir(), 'fanstage-deploy-'));
  return temp;
};
const freePort = () =>
  new Promise((done, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });

/** KEY=value lines of an environment file; `# KEY=value` lines are examples of optional ones. */
function envFileKeys(path) {
  const keys = new Map();
  readFileSync(path, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      const m = /^\s*(#\s*)?([A-Za-z_][A-Za-z0-9_]*)=/.exec(line);
      if (m) keys.set(m[2], { line: i + 1, example: Boolean(m[1]) });
    });
  return keys;
}

/** A service's environment as a map; a name without a value is passed from the shell or deploy/.env. */
function environmentOf(service) {
  const env = service?.environment ?? {};
  if (!Array.isArray(env)) return new Map(Object.entries(env));
  return new Map(
    env.map((entry) => {
      const at = String(entry).indexOf('=');
      return at < 0 ? [String(entry), null] : [String(entry).slice(0, at), String(entry).slice(at + 1)];
    }),
  );
}

/** The `${NAME…}` interpolations in a text, with whether they carry a default. */
function interpolations(text) {
  const found = [];
  for (const m of text.matchAll(/(?<!\$)\$\{([A-Za-z_][A-Za-z0-9_]*)(:?[-?+][^}]*)?\}/g))
    found.push({ name: m[1], withDefault: /^:?-/.test(m[2] ?? '') });
  return found;
}

/** A Dockerfile's instructions, continuation lines joined, comments left out. */
function dockerInstructions(path) {
  const out = [];
  let current = '';
  for (const raw of readFileSync(path, 'utf8').split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#') || (current === '' && line === '')) continue;
    current += `${line.replace(/\\$/, '').trim()} `;
    if (line.endsWith('\\')) continue;
    const [keyword, ...rest] = current.trim().split(/\s+/);
    out.push({ keyword: keyword.toUpperCase(), args: rest.join(' ') });
    current = '';
  }
  return out;
}

function ipv4ToInt(address) {
  const parts = address.split('.').map(Number);
  if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 255)) return null;
  return parts.reduce((n, p) => n * 256 + p, 0);
}
function inCidr(address, cidr) {
  const [base, bits = '32'] = cidr.split('/');
  const a = ipv4ToInt(address);
  const b = ipv4ToInt(base);
  if (a === null || b === null) return false;
  const size = 2 ** (32 - Number(bits));
  return Math.floor(a / size) === Math.floor(b / size);
}

/** Sizes as nginx writes them (2100m, 1g, 512k), in bytes. */
function nginxBytes(size) {
  const m = /^(\d+)([kKmMgG]?)$/.exec(size);
  if (!m) return null;
  const unit = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[m[2].toLowerCase()];
  return Number(m[1]) * unit;
}

// What the server knows, from its own sources (TypeScript, through tsx as the repository runs it).
function serverFacts() {
  const script = [
    "Promise.all([import('./apps/api/src/config.ts'), import('./packages/contract/src/media.ts')])",
    '.then(([config, media]) => console.log(JSON.stringify({',
    'variables: config.configVariables,',
    'largestUpload: Math.max(...Object.values(media.mediaUploadKinds).map((k) => k.maxBytes)),',
    '})))',
  ].join(' ');
  const r = run(process.execPath, ['--import', 'tsx', '-e', script], { cwd: root });
  if (r.status !== 0)
    throw new Error(`could not read apps/api/src/config.ts: ${r.stderr.trim().split('\n')[0]}`);
  const facts = JSON.parse(r.stdout.trim().split('\n').pop());
  if (!Array.isArray(facts.variables) || facts.variables.length === 0)
    throw new Error('configVariables of apps/api/src/config.ts is empty');
  return { variables: new Set(facts.variables), largestUpload: facts.largestUpload };
}

let compose;
let services = {};
let facts = null;
/** Whether the server (or the runtime under it) reads this variable. */
function known(key) {
  if (!facts) throw new Error("the server's variables are unknown (see the first check)");
  return facts.variables.has(key) || runtimeVariables.has(key);
}
let envExample = new Map();

try {
  await check('server facts (configVariables, upload limits) read from the sources', () => {
    facts = serverFacts();
    return [];
  });

  await check('deploy/docker-compose.yml parses', () => {
    compose = parse(readFileSync(files.compose, 'utf8'), { merge: true });
    services = compose?.services ?? {};
    envExample = envFileKeys(files.envExample);
    return typeof compose === 'object' && compose ? [] : ['not a YAML mapping'];
  });

  await check('compose: the services are there', () =>
    requiredServices.filter((s) => !services[s]).map((s) => `no service ${s}`),
  );

  await check('compose: every depends_on names a service that can be waited for', () => {
    const problems = [];
    for (const [name, service] of Object.entries(services)) {
      const deps = service.depends_on ?? [];
      const entries = Array.isArray(deps) ? deps.map((d) => [d, {}]) : Object.entries(deps);
      for (const [dep, how] of entries) {
        const target = services[dep];
        if (!target) {
          problems.push(`${name} depends on ${dep}, which is not a service`);
          continue;
        }
        const built = target.build ? dockerfileOf(target) : null;
        const hasHealthcheck =
          (target.healthcheck && !target.healthcheck.disable) ||
          (built && existsSync(built) && dockerInstructions(built).some((i) => i.keyword === 'HEALTHCHECK'));
        if (how?.condition === 'service_healthy' && !hasHealthcheck)
          problems.push(`${name} waits for ${dep} to be healthy, but ${dep} has no healthcheck`);
        if (how?.condition === 'service_completed_successfully' && target.restart && target.restart !== 'no')
          problems.push(`${name} waits for ${dep} to finish, but ${dep} restarts (${target.restart})`);
      }
    }
    return problems;
  });

  await check('compose: build contexts, Dockerfiles and mounted files exist', () => {
    const problems = [];
    for (const [name, service] of Object.entries(services)) {
      if (service.build) {
        const context = contextOf(service);
        if (!existsSync(context)) problems.push(`${name}: build context ${show(context)} is missing`);
        if (!existsSync(dockerfileOf(service)))
          problems.push(`${name}: ${show(dockerfileOf(service))} is missing`);
      }
      for (const volume of service.volumes ?? []) {
        const source = typeof volume === 'string' ? volume.split(':')[0] : volume.source;
        const type = typeof volume === 'string' ? null : volume.type;
        const isPath = /^[./~]/.test(source ?? '') || type === 'bind';
        if (!isPath) {
          if (!compose.volumes || !(source in compose.volumes))
            problems.push(`${name}: volume ${source} is not declared under volumes:`);
          continue;
        }
        if (isAbsolute(source) || source.startsWith('~'))
          problems.push(`${name}: ${source} is a path of one machine; use one relative to deploy/`);
        else if (!existsSync(resolve(deploy, source)))
          problems.push(`${name}: mounts ${show(resolve(deploy, source))}, which is not in the repository`);
      }
      for (const file of [service.env_file ?? []].flat()) {
        const path = resolve(deploy, typeof file === 'string' ? file : file.path);
        if (path !== join(deploy, '.env') && !existsSync(path))
          problems.push(`${name}: ${show(path)} is missing`);
      }
    }
    return problems;
  });

  await check('compose: both API nodes have the same image and settings', () => {
    const [first, ...others] = apiServices.map((s) => services[s]).filter(Boolean);
    if (!first) return ['no API service'];
    const problems = [];
    const envOf = (s) => environmentOf(s);
    for (const [i, other] of others.entries()) {
      const name = apiServices[i + 1];
      if (JSON.stringify(other.build) !== JSON.stringify(first.build) || other.image !== first.image)
        problems.push(`${name} is not built like ${apiServices[0]}`);
      const a = envOf(first);
      const b = envOf(other);
      for (const key of new Set([...a.keys(), ...b.keys()])) {
        if (!a.has(key) || !b.has(key))
          problems.push(`${key} is set for ${a.has(key) ? apiServices[0] : name} only`);
        else if (a.get(key) !== b.get(key))
          problems.push(`${key} differs between ${apiServices[0]} and ${name}`);
      }
    }
    const shared = ['DATABASE_URL', 'REDIS_URL', 'SECRET', 'S3_BUCKET', 'PUBLIC_URL', 'TRUST_PROXY'];
    for (const key of shared)
      if (!envOf(first).get(key)) problems.push(`${key} is not set for the API nodes (they must share it)`);
    return problems;
  });

  await check('compose: every variable given to the API nodes is one the server knows', () => {
    const problems = [];
    for (const name of apiServices) {
      const service = services[name];
      if (!service) continue;
      for (const key of environmentOf(service).keys())
        if (!known(key)) problems.push(`${name} sets ${key}, which apps/api/src/config.ts does not read`);
      for (const file of [service.env_file ?? []].flat()) {
        const path = resolve(deploy, typeof file === 'string' ? file : file.path);
        const source = path === join(deploy, '.env') ? files.envExample : path;
        for (const key of envFileKeys(source).keys())
          if (!known(key))
            problems.push(`${name} reads ${key} from ${show(path)}, which the server does not read`);
      }
    }
    return problems;
  });

  await check(
    'compose: every interpolated variable is in deploy/.env.example, and every entry there is used',
    () => {
      const problems = [];
      const text = readFileSync(files.compose, 'utf8');
      const used = new Set();
      for (const { name, withDefault } of interpolations(text)) {
        used.add(name);
        if (!withDefault && !envExample.has(name)) problems.push(`\${${name}} is not in deploy/.env.example`);
      }
      // A name without a value passes the entry of deploy/.env of that name to the service.
      for (const service of Object.values(services))
        for (const [key, value] of environmentOf(service)) if (value === null) used.add(key);
      for (const [key, { line }] of envExample)
        if (!used.has(key)) problems.push(`deploy/.env.example:${line} ${key} is used by no service`);
      return [...new Set(problems)];
    },
  );

  await check('compose: Janus, coturn and MinIO get the same secrets as the API nodes', () => {
    const problems = [];
    const api = environmentOf(services[apiServices[0]]);
    const same = (service, key, apiKey = key) => {
      const value = environmentOf(services[service]).get(key);
      if (value !== api.get(apiKey)) problems.push(`${service} ${key} is not the API's ${apiKey}`);
    };
    for (const key of [
      'JANUS_ADMIN_SECRET',
      'JANUS_TOKEN_SECRET',
      'JANUS_ROOM_ADMIN_KEY',
      'JANUS_EVENTS_PASSWORD',
    ])
      same('janus', key);
    for (const key of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) same('minio-init', key);
    const turn = [services.coturn?.command ?? []].flat().map(String);
    if (!turn.includes('--use-auth-secret')) problems.push('coturn runs without --use-auth-secret');
    if (!turn.includes(`--static-auth-secret=${api.get('LIVE_TURN_SECRET')}`))
      problems.push("coturn's --static-auth-secret is not the API's LIVE_TURN_SECRET");
    // Janus's media ports: the range it uses is the range published.
    const range = environmentOf(services.janus).get('JANUS_RTP_PORT_RANGE');
    const published = (services.janus?.ports ?? []).map(String);
    if (!range || !published.some((p) => p === `${range}:${range}/udp`))
      problems.push(`janus publishes ${published.join(', ') || 'nothing'}, not its RTP range ${range}/udp`);
    return problems;
  });

  await check('compose: TRUST_PROXY names the proxy, and the proxy finds the nodes', () => {
    const problems = [];
    const proxyNetworks = services.proxy?.networks ?? {};
    const proxyAddress = Object.values(proxyNetworks).find((n) => n?.ipv4_address)?.ipv4_address;
    const trusted = String(environmentOf(services[apiServices[0]]).get('TRUST_PROXY') ?? '')
      .split(',')
      .map((e) => e.trim());
    if (!proxyAddress) problems.push('the proxy has no fixed address for TRUST_PROXY to name');
    else if (!trusted.some((e) => inCidr(proxyAddress, e)))
      problems.push(`TRUST_PROXY (${trusted.join(',')}) does not cover the proxy's ${proxyAddress}`);
    const hosts = new Map(
      (services.proxy?.extra_hosts ?? []).map((h) =>
        String(h)
          .split(/[:=]/, 2)
          .map((s) => s.trim()),
      ),
    );
    for (const name of apiServices) {
      const address = Object.values(services[name]?.networks ?? {}).find(
        (n) => n?.ipv4_address,
      )?.ipv4_address;
      if (hosts.has(name) && hosts.get(name) !== address)
        problems.push(
          `the proxy's extra_hosts has ${name} at ${hosts.get(name)}, the service is at ${address}`,
        );
    }
    for (const [network, config] of Object.entries(compose.networks ?? {})) {
      const subnet = config?.ipam?.config?.[0]?.subnet;
      if (!subnet) continue;
      for (const [name, service] of Object.entries(services)) {
        const address = service.networks?.[network]?.ipv4_address;
        if (address && !inCidr(address, subnet))
          problems.push(`${name}'s ${address} is outside ${network}'s ${subnet}`);
      }
    }
    return problems;
  });

  // Dockerfiles: the ones compose builds, with their contexts.
  const builds = Object.entries(services).filter(([, s]) => s.build);
  const seen = new Set();
  for (const [name, service] of builds) {
    const dockerfile = dockerfileOf(service);
    if (seen.has(dockerfile) || !existsSync(dockerfile)) continue;
    seen.add(dockerfile);
    await check(`${show(dockerfile)}: COPY sources exist in its context`, () => {
      const context = contextOf(service);
      const ignoreFile = `${dockerfile}.dockerignore`;
      const ignored = existsSync(ignoreFile)
        ? readFileSync(ignoreFile, 'utf8')
            .split('\n')
            .map((l) => l.trim())
            .filter((l) => l && !l.startsWith('#'))
        : [];
      const problems = [];
      for (const { keyword, args } of dockerInstructions(dockerfile)) {
        if (keyword !== 'COPY' && keyword !== 'ADD') continue;
        if (args.includes('--from=')) continue;
        const parts = args.split(/\s+/).filter((p) => !p.startsWith('--'));
        for (const source of parts.slice(0, -1)) {
          if (!existsSync(resolve(context, source)))
            problems.push(
              `COPY ${source}: not in ${show(context) === '.' ? 'the repository root' : show(context)}`,
            );
          if (ignored.includes(source)) problems.push(`COPY ${source}: left out by ${show(ignoreFile)}`);
        }
      }
      return problems;
    });
    if (apiServices.includes(name)) {
      await check(`${show(dockerfile)}: builds and runs apps/api/dist/server.js`, () => {
        const steps = dockerInstructions(dockerfile);
        const problems = [];
        const cmd = steps.filter((s) => s.keyword === 'CMD').pop()?.args ?? '';
        if (!cmd.includes('apps/api/dist/server.js')) problems.push(`CMD ${cmd || '(none)'} does not run it`);
        const runs = steps.filter((s) => s.keyword === 'RUN').map((s) => s.args);
        for (const script of ['scripts/build-web.mjs', 'apps/api/build.mjs']) {
          if (!runs.some((r) => r.includes(script))) problems.push(`no RUN of ${script}`);
          if (!existsSync(join(root, script))) problems.push(`${script} is missing`);
        }
        for (const { args } of steps.filter((s) => s.keyword === 'ENV'))
          for (const m of args.matchAll(/(?:^|\s)([A-Za-z_][A-Za-z0-9_]*)=/g))
            if (!known(m[1])) problems.push(`ENV ${m[1]} is not a variable the server reads`);
        if (!steps.some((s) => s.keyword === 'USER' && !/^(root|0)$/.test(s.args)))
          problems.push('runs as root (no USER)');
        return problems;
      });
    }
  }

  await check('deploy/janus/janus-start.sh: shell syntax', () => {
    const r = run('sh', ['-n', join(deploy, 'janus/janus-start.sh')]);
    return r.status === 0 ? [] : [r.stderr.trim()];
  });

  await check('systemd: every variable the unit and fanstage.env.example set is one the server knows', () => {
    const problems = [];
    const unit = readFileSync(files.unit, 'utf8');
    for (const m of unit.matchAll(/^Environment=(.*)$/gm))
      for (const pair of m[1].split(/\s+/)) {
        const key = pair.replace(/^"/, '').split('=')[0];
        if (!known(key)) problems.push(`${show(files.unit)} sets ${key}, which the server does not read`);
      }
    for (const [key, { line }] of envFileKeys(files.unitEnv))
      if (!known(key)) problems.push(`${show(files.unitEnv)}:${line} ${key} is not read by the server`);
    if (!/^ExecStart=\S+ \S*apps\/api\/dist\/server\.js\s*$/m.test(unit))
      problems.push('ExecStart does not run apps/api/dist/server.js');
    return problems;
  });

  await check('systemd: systemd-analyze verify', () => {
    if (!onPath('systemd-analyze')) return { skip: 'no systemd-analyze on this machine' };
    // The unit as it would be installed, with this machine's node and port 8081 as the instance.
    const dir = join(tempDir(), 'systemd');
    mkdirSync(dir);
    const unitFile = join(dir, 'fanstage-api@8081.service');
    const text = readFileSync(files.unit, 'utf8').replace(/^ExecStart=\S+/m, `ExecStart=${process.execPath}`);
    writeFileSync(unitFile, text);
    const r = run('systemd-analyze', ['verify', unitFile]);
    // Only what concerns our unit: the machine's own units may have warnings of their own.
    const ours = `${r.stdout}\n${r.stderr}`
      .split('\n')
      .filter((l) => l.includes(basename(unitFile)) || l.includes(unitFile))
      .map((l) => l.replace(`${dir}/`, ''));
    if (r.status !== 0 && ours.length === 0) ours.push(`exit ${r.status}: ${r.stderr.trim()}`);
    return ours;
  });

  const nginxText = readFileSync(files.nginx, 'utf8');
  await check('nginx: WebSockets, upload size, TLS and forwarded headers', () => {
    const problems = [];
    const needs = [
      [/proxy_set_header\s+Upgrade\s+\$http_upgrade/, 'no Upgrade header'],
      [/proxy_set_header\s+Connection\s+\$connection_upgrade/, 'no Connection upgrade header'],
      [/proxy_http_version\s+1\.1/, 'no proxy_http_version 1.1'],
      [/location\s+\/socket\.io\//, 'no location for /socket.io/'],
      [/location\s+(=\s*)?\/api\/streaming\/janus-ws/, 'no location for /api/streaming/janus-ws'],
      [/ssl_certificate\s+\S+/, 'no ssl_certificate'],
      [/ssl_certificate_key\s+\S+/, 'no ssl_certificate_key'],
      [/proxy_set_header\s+X-Forwarded-For\s/, 'no X-Forwarded-For header'],
      [/proxy_set_header\s+X-Forwarded-Proto\s/, 'no X-Forwarded-Proto header'],
      [/return\s+301\s+https:/, 'no redirect from HTTP to HTTPS'],
      [/location\s+=\s*\/api\/metrics\s*\{[^}]*deny\s+all/, '/api/metrics is not denied to others'],
    ];
    for (const [pattern, problem] of needs) if (!pattern.test(nginxText)) problems.push(problem);
    const size = /client_max_body_size\s+(\w+)\s*;/.exec(nginxText)?.[1];
    if (!size) problems.push('no client_max_body_size');
    else if (!facts) problems.push("the server's upload limits are unknown (see the first check)");
    else if ((nginxBytes(size) ?? 0) < facts.largestUpload)
      problems.push(
        `client_max_body_size ${size} is below the largest upload (${facts.largestUpload} bytes)`,
      );
    // The nodes nginx sends to are the compose API services.
    const upstream = /upstream\s+fanstage\s*\{([^}]*)\}/.exec(nginxText)?.[1] ?? '';
    const servers = [...upstream.matchAll(/server\s+([\w.-]+):(\d+)/g)].map((m) => m[1]);
    for (const name of apiServices)
      if (!servers.includes(name)) problems.push(`upstream fanstage does not name ${name}`);
    for (const name of servers) if (!services[name]) problems.push(`upstream names ${name}, not a service`);
    return problems;
  });

  await check('nginx: nginx -t', async () => {
    if (!onPath('nginx')) return { skip: 'no nginx on this machine (apt-get install nginx-light)' };
    if (!onPath('openssl')) return { skip: 'no openssl to make a test certificate' };
    const dir = join(tempDir(), 'nginx');
    mkdirSync(join(dir, 'certs'), { recursive: true });
    const cert = run('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-keyout',
      join(dir, 'certs/privkey.pem'),
      '-out',
      join(dir, 'certs/fullchain.pem'),
    ]);
    if (cert.status !== 0) return [`openssl could not make a test certificate: ${cert.stderr.trim()}`];
    // Names that resolve only inside compose become this machine; `nginx -t` binds the listen ports,
    // so those become free ones here.
    let text = nginxText.replace(/(server\s+)([\w-]+)(:\d+)/g, (all, lead, host, port) =>
      services[host] ? `${lead}127.0.0.1${port}` : all,
    );
    text = text.replaceAll('/etc/nginx/certs/', `${join(dir, 'certs')}/`);
    const ports = new Map();
    for (const m of text.matchAll(/^(\s*listen\s+)(\d+)/gm))
      if (!ports.has(m[2])) ports.set(m[2], await freePort());
    text = text.replace(
      /^(\s*listen\s+)(\d+)/gm,
      (_all, lead, port) => `${lead}127.0.0.1:${ports.get(port)}`,
    );
    writeFileSync(join(dir, 'fanstage.conf'), text);
    const built = run('nginx', ['-V']).stderr;
    const tempPaths = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
      .filter((m) => m === 'client_body' || !built.includes(`--without-http_${m}_module`))
      .map((m) => `  ${m}_temp_path ${join(dir, m)};`);
    writeFileSync(
      join(dir, 'nginx.conf'),
      [
        `pid ${join(dir, 'nginx.pid')};`,
        'events {}',
        'http {',
        '  access_log off;',
        ...tempPaths,
        `  include ${join(dir, 'fanstage.conf')};`,
        '}',
        '',
      ].join('\n'),
    );
    const r = run('nginx', [
      '-t',
      '-q',
      '-c',
      join(dir, 'nginx.conf'),
      '-p',
      dir,
      '-e',
      join(dir, 'error.log'),
    ]);
    if (r.status === 0) return [];
    const message = r.stderr
      .trim()
      .split('\n')
      .filter((l) => !l.includes('test failed'));
    return [message.join(' ').replaceAll(`${dir}/`, '') || `nginx -t exited with ${r.status}`];
  });
} finally {
  if (temp) rmSync(temp, { recursive: true, force: true });
}

/** Where compose builds a service from, relative to deploy/. */
function contextOf(service) {
  const build = typeof service.build === 'string' ? { context: service.build } : service.build;
  return resolve(deploy, build.context ?? '.');
}
function dockerfileOf(service) {
  const build = typeof service.build === 'string' ? { context: service.build } : service.build;
  return resolve(contextOf(service), build.dockerfile ?? 'Dockerfile');
}

console.log(`deploy: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
