import type { TCurrentUser } from '@fanstage/contract';

/** An account this young has just been made: "back" would greet someone who was never here. */
const newAccountMs = 24 * 60 * 60 * 1000;

/** The home page's greeting: "Welcome, Ana!" on a new account's first day, "Welcome back, Ana!" after. */
export function greeting(user: Pick<TCurrentUser, 'name' | 'createdAt'>, now = new Date()): string {
  const firstName = user.name.trim().split(/\s+/)[0] || user.name;
  const age = now.getTime() - new Date(user.createdAt).getTime();
  return age < newAccountMs ? `Welcome, ${firstName}!` : `Welcome back, ${firstName}!`;
}
