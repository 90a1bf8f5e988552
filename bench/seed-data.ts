import { createHash, randomBytes } from 'node:crypto';
import { type DbHandle, newId, performerProfiles, sessions, users } from '@fanstage/db';
import { buildFan, factoryPassword } from '@fanstage/db/factories';

export interface BenchData {
  /** A fan who can log in with `password`. */
  username: string;
  password: string;
}

const dayMs = 24 * 60 * 60 * 1000;
const chunkSize = 500;

async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += chunkSize) await insert(rows.slice(i, i + chunkSize));
}

/**
 * Fans and listed creators, each with one live session, in a few multi-row inserts. Hashing a
 * password per account with argon2 would take minutes, so every account reuses the hash the
 * test factories precomputed: the first fan is made by the factory and its hash is copied.
 */
export async function seedBenchData(
  db: DbHandle,
  options: { fans: number; creators: number },
): Promise<BenchData> {
  const first = await buildFan(db.db, {
    name: 'Bench Fan 0',
    username: 'bench.fan.0',
    email: 'bench.fan.0@bench.test',
  });
  const passwordHash = first.passwordHash!;
  const now = Date.now();
  const account = (kind: 'fan' | 'creator', i: number) => ({
    id: newId(),
    name: `Bench ${kind === 'fan' ? 'Fan' : 'Creator'} ${i}`,
    username: `bench.${kind}.${i}`,
    email: `bench.${kind}.${i}@bench.test`,
    passwordHash,
    role: kind === 'fan' ? ('user' as const) : ('performer' as const),
    emailVerifiedAt: new Date(now),
    createdAt: new Date(now - (i % 365) * dayMs),
  });

  const fans = Array.from({ length: Math.max(0, options.fans - 1) }, (_, i) => account('fan', i + 1));
  const creators = Array.from({ length: options.creators }, (_, i) => account('creator', i));
  await insertInChunks([...fans, ...creators], (chunk) => db.db.insert(users).values(chunk));
  await insertInChunks(creators, (chunk) =>
    db.db.insert(performerProfiles).values(
      chunk.map((c, i) => ({
        userId: c.id,
        dateOfBirth: '1990-01-01',
        country: ['US', 'GB', 'DE', 'BR', 'JP'][i % 5]!,
        bio: `${c.name} posts for the benchmark.`,
        documentsVerifiedAt: new Date(now),
      })),
    ),
  );
  // Sessions of other people, so token look-ups search a table of a realistic size.
  const everyone = [first.id, ...fans.map((f) => f.id), ...creators.map((c) => c.id)];
  await insertInChunks(everyone, (chunk) =>
    db.db.insert(sessions).values(
      chunk.map((userId) => ({
        userId,
        tokenHash: createHash('sha256').update(randomBytes(32)).digest('hex'),
        expiresAt: new Date(now + dayMs),
      })),
    ),
  );
  return { username: first.username!, password: factoryPassword };
}
