/**
 * The password as the client sends it: its SHA-256 hex when the site's `hashPassword` setting is on.
 * The hashing code (with its stand-in for pages without Web Crypto) loads only when a password is sent
 * hashed, not with every page that has a password field.
 */
export const passwordForWire = (password: string, hashPassword: boolean): Promise<string> =>
  hashPassword ? import('./sha256').then((m) => m.sha256Hex(password)) : Promise.resolve(password);
