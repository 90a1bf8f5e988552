import { hash, verify } from '@node-rs/argon2';

// Argon2id (the library's default algorithm) with its default cost parameters.
export const hashPassword = (password: string): Promise<string> => hash(password);

let dummyHash: Promise<string> | null = null;

/** Verifies; with no stored hash it still spends the same time, so unknown accounts cannot be told apart. */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hash('not-a-real-password-just-for-timing');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
