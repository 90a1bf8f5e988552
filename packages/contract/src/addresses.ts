import { z } from 'zod';
import { ZId } from './common';

const text = (label: string, max: number, min = 1) =>
  z
    .string({ message: `Enter the ${label}.` })
    .trim()
    .min(min, { message: `Enter the ${label}.` })
    .max(max, { message: `The ${label} can have at most ${max} characters.` });

/** `POST /addresses/create`, `PUT /addresses/{id}` */
export const ZAddressFields = z
  .object({
    /** A label the fan chooses: Home, Work… */
    name: text('address name', 60),
    fullName: text('recipient name', 120),
    phone: z
      .string()
      .trim()
      .max(30)
      .regex(/^[0-9+()\-.\s]*$/, 'The phone number has digits, spaces and + ( ) - only.')
      .default(''),
    street: text('street address', 200),
    city: text('city', 100),
    state: z.string().trim().max(100).default(''),
    zipCode: z.string().trim().max(20).default(''),
    country: text('country', 100, 2),
  })
  .strict();
export type TAddressFields = z.infer<typeof ZAddressFields>;

export const ZAddressParams = z.object({ id: ZId });

export const ZAddress = z.object({
  _id: ZId,
  name: z.string(),
  fullName: z.string(),
  phone: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  country: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TAddress = z.infer<typeof ZAddress>;

/** The copy of an address an order ships to. */
export const ZAddressSnapshot = ZAddress.omit({ _id: true, createdAt: true, updatedAt: true });
export type TAddressSnapshot = z.infer<typeof ZAddressSnapshot>;

export const ZAddressSearchQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type TAddressSearchQuery = z.infer<typeof ZAddressSearchQuery>;
