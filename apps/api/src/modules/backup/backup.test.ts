import { randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { type DbHandle, openDatabase } from '@fanstage/db';
import { buildFan, buildFeed } from '@fanstage/db/factories';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClock } from '../../../test/helpers';
import { startS3, testBucket } from '../../../test/s3';
import { createLocalStorage, type Storage } from '../files/storage';
import { createS3Storage } from '../files/storage-s3';
import { grantWalletCredit, reconcileLedger } from '../wallet';
import { type BackupResult, backupSite, restoreSite } from './backup';

// Runs on the engine of the other tests: PGlite, or PostgreSQL with TEST_DATABASE_URL (which needs
// pg_dump and pg_restore; without them the backup fails with the sentence saying how to install).
const serverUrl = process.env.TEST_DATABASE_URL;
const engine = serverUrl ? 'postgres' : 'pglite';
const clock = new TestClock();
let t: TestApp;
let work: string;
/** The URL of the test app's own database (PostgreSQL only). */
let siteUrl: string | undefined;
let backup: BackupResult;
const cleanups: (() => Promise<unknown>)[] = [];

const bytes = (n: number, seed: number) =>
  Buffer.from(Array.from({ length: n }, (_, i) => (i * seed + 3) % 251));

const count = async (db: DbHandle, query: string) => {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${query}`);
  return rows[0]?.n;
};
const figures = async (db: DbHandle) => ({
  users: await count(db, 'users'),
  tips: await count(db, "earnings WHERE source_type = 'tip'"),
  purchases: await count(db, 'purchases'),
  transactions: await count(db, 'ledger_transactions'),
});

const listed = async (storage: Storage) => {
  const keys: string[] = [];
  for await (const key of storage.list()) keys.push(key);
  return keys.sort();
};
const bytesOf = async (storage: Storage, key: string) => {
  const file = await storage.read(key);
  return file ? buffer(file.stream) : null;
};

/** A database with nothing in it, and the options restoreSite takes for it; dropped after the file. */
async function freshTarget(): Promise<{ databaseUrl?: string; dataDir?: string; open(): Promise<DbHandle> }> {
  if (serverUrl) {
    const name = `t_restore_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    cleanups.push(async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    });
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const databaseUrl = url.toString();
    return { databaseUrl, open: () => openDatabase({ url: databaseUrl, poolSize: 2 }) };
  }
  const dataDir = join(await mkdtemp(join(work, 'data-')), 'db');
  return { dataDir, open: () => openDatabase({ dataDir }) };
}

const freshFolder = async () => createLocalStorage(await mkdtemp(join(work, 'files-')));

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'fanstage-backup-'));
  t = await createTestApp({ clock });
  if (serverUrl) {
    const { rows } = await t.ctx.db.query<{ name: string }>('SELECT current_database() AS name');
    const url = new URL(serverUrl);
    url.pathname = `/${rows[0]?.name}`;
    siteUrl = url.toString();
  }
  // A small site: two fans with money, two creators, tips and a purchase through the API.
  const [fan, other, creator, second] = [await t.fan(), await t.fan(), await t.creator(), await t.creator()];
  for (const [user, amount] of [
    [fan.user, 10_000],
    [other.user, 5_000],
  ] as const) {
    await grantWalletCredit(t.ctx, {
      userId: user.id,
      amountCents: amount,
      reason: 'test',
      initiatorId: null,
    });
  }
  const tip = (from: typeof fan, to: typeof creator, amount: number) =>
    t.request({
      method: 'POST',
      url: `/api/wallet/charges/tip/${to.user.id}`,
      token: from.token,
      payload: { amount },
    });
  for (const [from, to, amount] of [
    [fan, creator, 10],
    [fan, creator, 15.5],
    [other, second, 20],
  ] as const) {
    expect((await tip(from, to, amount)).statusCode).toBe(200);
  }
  const post = await buildFeed(t.ctx.db.db, {
    performerId: creator.user.id,
    publishedAt: clock.now(),
    isSale: true,
    price: 5,
  });
  const bought = await t.request({
    method: 'POST',
    url: `/api/wallet/charges/feed/${post.id}`,
    token: other.token,
  });
  expect(bought.statusCode).toBe(200);
  // Files: a photo's sizes, a larger video, an avatar.
  await t.ctx.storage.put(`private/media/${post.id}/x.webp`, bytes(3000, 7));
  await t.ctx.storage.put(`private/media/${post.id}/thumb.webp`, bytes(400, 11));
  await t.ctx.storage.put(`private/media/${post.id}/video.mp4`, bytes(700_000, 13));
  await t.ctx.storage.put(`avatars/${creator.user.id}-a1.webp`, bytes(1200, 17));

  backup = await backupSite({
    db: t.ctx.db,
    storage: t.ctx.storage,
    databaseUrl: siteUrl,
    to: join(work, 'backup'),
  });
});

afterAll(async () => {
  await t?.close();
  for (const cleanup of cleanups) await cleanup().catch(() => {});
  if (work) await rm(work, { recursive: true, force: true });
});

describe(`backup and restore (${engine})`, () => {
  it('writes a manifest with the database, every file and the ledger at backup time', async () => {
    const manifest = JSON.parse(await readFile(join(backup.dir, 'manifest.json'), 'utf8'));
    const ledger = await reconcileLedger(t.ctx.db.db);
    expect(ledger.ok).toBe(true);
    expect(ledger.transactions).toBeGreaterThanOrEqual(6);
    expect(manifest).toMatchObject({
      format: 'fanstage-backup',
      version: 1,
      engine,
      database: { file: engine === 'postgres' ? 'database.pgdump' : 'database.pglite.tar.gz' },
      files: { count: 4, bytes: 3000 + 400 + 700_000 + 1200 },
      ledger: {
        ok: true,
        transactions: ledger.transactions,
        entries: ledger.entries,
        accounts: ledger.accounts,
        totalsByKind: ledger.totalsByKind,
      },
    });
    const keys = await listed(t.ctx.storage);
    for (const key of keys) {
      expect(
        Buffer.compare(
          (await readFile(join(backup.dir, 'files', key)))!,
          (await bytesOf(t.ctx.storage, key))!,
        ),
      ).toBe(0);
    }
  });

  it('restores into a fresh database and folder: the ledger reconciles with the same totals', async () => {
    const target = await freshTarget();
    const storage = await freshFolder();
    const result = await restoreSite({ from: backup.dir, storage, ...target });
    expect(result.differences).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.files).toEqual(backup.manifest.files);

    const restored = await target.open();
    try {
      const [was, is] = [await reconcileLedger(t.ctx.db.db), await reconcileLedger(restored.db)];
      expect(is.ok).toBe(true);
      expect(is.problems).toEqual([]);
      expect(is).toEqual(was);
      expect(await figures(restored)).toEqual(await figures(t.ctx.db));
      expect((await figures(restored)).tips).toBe(3);
      // The restored database is a working one: it takes new rows.
      await buildFan(restored.db);
      expect(await count(restored, 'users')).toBe((await figures(t.ctx.db)).users! + 1);
    } finally {
      await restored.close();
    }
    const keys = await listed(t.ctx.storage);
    expect(await listed(storage)).toEqual(keys);
    for (const key of keys) {
      expect(Buffer.compare((await bytesOf(storage, key))!, (await bytesOf(t.ctx.storage, key))!), key).toBe(
        0,
      );
    }
  });

  it('says not ok, naming each figure, when the restored ledger differs from the backup', async () => {
    const changed = join(work, 'changed-figures');
    await cp(backup.dir, changed, { recursive: true });
    const { ledger } = backup.manifest;
    const kind = Object.keys(ledger.totalsByKind).sort()[0]!;
    const edited = {
      ...backup.manifest,
      ledger: {
        ...ledger,
        transactions: ledger.transactions + 1,
        totalsByKind: { ...ledger.totalsByKind, [kind]: ledger.totalsByKind[kind]! + 100 },
      },
    };
    await writeFile(join(changed, 'manifest.json'), JSON.stringify(edited));
    const result = await restoreSite({
      from: changed,
      storage: await freshFolder(),
      ...(await freshTarget()),
    });
    expect(result.ledger.ok).toBe(true);
    expect(result.ok).toBe(false);
    expect(result.differences).toEqual([
      `The backup had ${ledger.transactions + 1} ledger transactions; the restored database has ${ledger.transactions}.`,
      `The ${kind} accounts held ${ledger.totalsByKind[kind]! + 100} cents in the backup; they hold ${ledger.totalsByKind[kind]} now.`,
    ]);
  });

  it('refuses to restore into a database that is not empty, and changes nothing', async () => {
    const target = await freshTarget();
    const holder = await target.open();
    await holder.exec("CREATE TABLE notes (body text); INSERT INTO notes VALUES ('keep me')");
    await holder.close();
    const storage = await freshFolder();
    const refused = restoreSite({ from: backup.dir, storage, ...target });
    await expect(refused).rejects.toMatchObject({
      name: 'BackupRefusal',
      message: expect.stringMatching(
        engine === 'postgres'
          ? /^The target database is not empty \(it holds 1 table: public\.notes\): restore only into a new, empty database, never over a live site\.$/
          : /is not empty \(a database lives there\): restore only into a new DATA_DIR, never over a live site\.$/,
      ),
    });
    const after = await target.open();
    try {
      const { rows } = await after.query<{ name: string }>(
        `SELECT schemaname || '.' || tablename AS name FROM pg_tables
         WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
      );
      expect(rows.map((r) => r.name)).toEqual(['public.notes']);
      expect((await after.query('SELECT body FROM notes')).rows).toEqual([{ body: 'keep me' }]);
    } finally {
      await after.close();
    }
    expect(await listed(storage)).toEqual([]);
  });

  it('refuses a folder that is not a whole backup, saying why, and changes nothing', async () => {
    const target = await freshTarget();
    const storage = await freshFolder();
    const copy = async (name: string) => {
      const dir = join(work, name);
      await cp(backup.dir, dir, { recursive: true });
      return dir;
    };
    const manifestOf = (dir: string) => join(dir, 'manifest.json');
    const empty = join(work, 'empty');
    await mkdir(empty);
    const notJson = await copy('not-json');
    await writeFile(manifestOf(notJson), '{"format": "fanstage-backup", ');
    const wrongShape = await copy('wrong-shape');
    await writeFile(manifestOf(wrongShape), JSON.stringify({ ...backup.manifest, files: { count: -1 } }));
    const newer = await copy('newer');
    await writeFile(manifestOf(newer), JSON.stringify({ ...backup.manifest, version: 9 }));
    const fileGone = await copy('file-gone');
    await rm(join(fileGone, 'files', (await listed(t.ctx.storage))[0]!));
    const damaged = await copy('damaged');
    const dumpFile = join(damaged, backup.manifest.database.file);
    const dump = await readFile(dumpFile);
    const middle = Math.floor(dump.length / 2);
    dump.writeUInt8(dump.readUInt8(middle) ^ 0xff, middle);
    await writeFile(dumpFile, dump);
    const otherEngine =
      engine === 'postgres'
        ? { dataDir: join(work, 'elsewhere') }
        : { databaseUrl: 'postgres://nobody@127.0.0.1:1/none' };

    const cases: [string, Partial<typeof target>, RegExp][] = [
      [join(work, 'nothing-here'), target, /^There is no backup folder at .*nothing-here\.$/],
      [empty, target, /empty has no manifest\.json: it is not a backup, or the backup did not finish\.$/],
      [notJson, target, /not-json.manifest\.json is damaged: it is not valid JSON\.$/],
      [
        wrongShape,
        target,
        /wrong-shape.manifest\.json is not a Fanstage backup manifest \(at files\.count\): /,
      ],
      [newer, target, /^This backup has format 9, newer than this version of Fanstage reads \(1\): update/],
      [
        fileGone,
        target,
        /^The backup's files folder holds 3 files \(.*\) where its manifest lists 4 .*incomplete or was changed\.$/,
      ],
      [
        damaged,
        target,
        /^The backup's database file database\.\S+ does not match its manifest: it is damaged or was changed\.$/,
      ],
      [
        backup.dir,
        otherEngine,
        engine === 'postgres'
          ? /^This is a backup of a PostgreSQL site: set DATABASE_URL/
          : /^This is a backup of the embedded database \(PGlite\): restore it without DATABASE_URL/,
      ],
    ];
    for (const [from, into, message] of cases) {
      const refused = restoreSite({ from, storage, databaseUrl: into.databaseUrl, dataDir: into.dataDir });
      await expect(refused, from).rejects.toMatchObject({
        name: 'BackupRefusal',
        message: expect.stringMatching(message),
      });
    }
    // The target is still empty: the whole backup restores into it.
    expect(await listed(storage)).toEqual([]);
    const result = await restoreSite({ from: backup.dir, storage, ...target });
    expect(result.ok).toBe(true);
  });

  it('refuses to back up into a folder that holds anything', async () => {
    const busy = join(work, 'busy');
    await mkdir(busy);
    await writeFile(join(busy, 'notes.txt'), 'mine');
    await expect(
      backupSite({ db: t.ctx.db, storage: t.ctx.storage, databaseUrl: siteUrl, to: busy }),
    ).rejects.toThrow(/busy is not empty: back up into a new or empty folder\.$/);
    expect(await readFile(join(busy, 'notes.txt'), 'utf8')).toBe('mine');
  });

  it.runIf(engine === 'postgres')(
    'says how to install pg_dump when it is missing, and leaves no folder',
    async () => {
      const to = join(work, 'no-tools');
      await expect(
        backupSite({
          db: t.ctx.db,
          storage: t.ctx.storage,
          databaseUrl: siteUrl,
          to,
          tools: { pgDump: join(work, 'no-such-pg_dump') },
        }),
      ).rejects.toThrow(
        /^pg_dump is not installed: install PostgreSQL's client tools \(Debian: postgresql-client\)$/,
      );
      await expect(readFile(join(to, 'manifest.json'))).rejects.toThrow();
    },
  );

  it('backs up the files of a bucket and restores them into another', async () => {
    const s3 = await startS3();
    cleanups.push(() => s3.close());
    const bucket = (prefix: string) =>
      createS3Storage({
        bucket: testBucket,
        region: 'us-east-1',
        endpoint: s3.endpoint,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        forcePathStyle: true,
        prefix,
      });
    const [source, target] = [bucket('site-a'), bucket('site-b')];
    const keys = ['avatars/a.webp', 'private/media/m1/x.webp', 'private/media/m1/video.mp4'];
    for (const [i, key] of keys.entries()) await source.put(key, bytes(2000 + i * 50_000, 5 + i));
    const made = await backupSite({
      db: t.ctx.db,
      storage: source,
      databaseUrl: siteUrl,
      to: join(work, 'from-s3'),
    });
    expect(made.manifest.files.count).toBe(3);

    const restoreTarget = await freshTarget();
    const result = await restoreSite({ from: made.dir, storage: target, ...restoreTarget });
    expect(result.ok).toBe(true);
    expect(await listed(target)).toEqual([...keys].sort());
    for (const key of keys) {
      expect(Buffer.compare((await bytesOf(target, key))!, (await bytesOf(source, key))!), key).toBe(0);
    }
  });
});
