import type { TAddress, TAddressFields, TAddressSearchQuery, TAddressSnapshot } from '@fanstage/contract';
import type { Executor } from '@fanstage/db';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/app-error';
import type { Actor } from '../auth/sessions';
import { listCountries } from '../reference/reference.service';
import {
  type AddressRow,
  deleteOwnAddress,
  findOwnAddress,
  insertAddress,
  searchAddresses,
  updateOwnAddress,
} from './addresses.repo';

/**
 * The country of an address is one of the reference list, given by its name or its two-letter code and
 * stored by its name in the list's spelling ("germany" or "DE" → "Germany"); anything else is refused,
 * so an order never ships to "United St".
 */
function withListedCountry(input: TAddressFields): TAddressFields {
  const typed = input.country.trim().toLowerCase();
  const country = listCountries().find(
    (c) => c.name.toLowerCase() === typed || c.code.toLowerCase() === typed,
  );
  if (!country) {
    throw new AppError(
      'VALIDATION_FAILED',
      `Choose the country from the list; "${input.country.trim()}" is not one we know.`,
      [{ path: 'country', message: 'Choose the country from the list.' }],
    );
  }
  return { ...input, country: country.name };
}

/** A fan's address book holds at most this many addresses. */
export const maximumAddresses = 20;

export function snapshotOf(row: AddressRow): TAddressSnapshot {
  return {
    name: row.name,
    fullName: row.fullName,
    phone: row.phone,
    street: row.street,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    country: row.country,
  };
}

const present = (row: AddressRow): TAddress => ({
  _id: row.id,
  ...snapshotOf(row),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The user's own address (orders call this inside their transaction); 404 for anyone else's. */
export async function requireOwnAddress(db: Executor, options: { userId: string; id: string }) {
  const row = await findOwnAddress(db, options);
  if (!row) throw notFound('That address');
  return row;
}

/** `POST /addresses/create` */
export async function createAddress(
  ctx: AppContext,
  options: { actor: Actor; input: TAddressFields },
): Promise<TAddress> {
  const { total } = await searchAddresses(ctx.db.db, { userId: options.actor.id, offset: 0, limit: 1 });
  if (total >= maximumAddresses) {
    throw new AppError('UNPROCESSABLE', `Your address book holds at most ${maximumAddresses} addresses.`);
  }
  const input = withListedCountry(options.input);
  return present(await insertAddress(ctx.db.db, { userId: options.actor.id, ...input }));
}

/** `PUT /addresses/{id}`: past orders keep the copy they shipped to. */
export async function updateAddress(
  ctx: AppContext,
  options: { actor: Actor; id: string; input: TAddressFields },
): Promise<TAddress> {
  const input = withListedCountry(options.input);
  const row = await updateOwnAddress(ctx.db.db, {
    userId: options.actor.id,
    id: options.id,
    values: { ...input, updatedAt: ctx.clock.now() },
  });
  if (!row) throw notFound('That address');
  return present(row);
}

export async function deleteAddress(ctx: AppContext, options: { actor: Actor; id: string }): Promise<void> {
  if (!(await deleteOwnAddress(ctx.db.db, { userId: options.actor.id, id: options.id }))) {
    throw notFound('That address');
  }
}

export async function searchMyAddresses(
  ctx: AppContext,
  options: { actor: Actor; query: TAddressSearchQuery },
): Promise<{ data: TAddress[]; total: number }> {
  const { rows, total } = await searchAddresses(ctx.db.db, { userId: options.actor.id, ...options.query });
  return { data: rows.map(present), total };
}
