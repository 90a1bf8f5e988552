import { z } from 'zod';
import { ZAddressSnapshot } from './addresses';
import { ZId } from './common';
import { deliveryStatusValues, maximumOrderQuantity } from './field-values';
import { ZCharge } from './wallet';

/** `POST /wallet/charges/product/{id}` (with an Idempotency-Key). */
export const ZProductChargeRequest = z
  .object({
    /** A JSON number: money routes take numbers only, never numeric strings. */
    quantity: z
      .number({ message: 'The quantity must be a number, like 2.' })
      .int({ message: 'The quantity must be a whole number.' })
      .min(1, { message: 'The quantity must be at least 1.' })
      .max(maximumOrderQuantity, { message: `The quantity can be at most ${maximumOrderQuantity}.` })
      .default(1),
    /** Physical products: an address from the fan's address book. */
    deliveryAddressId: ZId.nullish(),
  })
  .strict();
export type TProductChargeRequest = z.infer<typeof ZProductChargeRequest>;

export const ZProductCharge = ZCharge.extend({
  orderId: ZId,
  /**
   * The number to tell the fan ("Order #1042"). Optional only because a replayed charge answers
   * what was stored, and answers stored before order numbers existed have none.
   */
  orderNumber: z.number().int().optional(),
});
export type TProductCharge = z.infer<typeof ZProductCharge>;

export const ZDeliveryStatus = z.enum(deliveryStatusValues);
export type TDeliveryStatus = z.infer<typeof ZDeliveryStatus>;

const ZPerson = z.object({ _id: ZId, name: z.string(), username: z.string().nullable() });

export const ZOrder = z.object({
  _id: ZId,
  /** The number people quote: shown as "Order #1042", searched as "#1042" or "1042". */
  number: z.number().int(),
  fan: ZPerson,
  performer: ZPerson,
  /** Null once the creator deleted the product. */
  productId: ZId.nullable(),
  productName: z.string(),
  productType: z.enum(['physical', 'digital']),
  quantity: z.number().int(),
  unitPrice: z.number(),
  totalPrice: z.number(),
  deliveryStatus: ZDeliveryStatus,
  deliveryAddress: ZAddressSnapshot.nullable(),
  trackingCode: z.string().nullable(),
  refundedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TOrder = z.infer<typeof ZOrder>;

export const ZOrderParams = z.object({ id: ZId });

/** `GET /orders/search` (creator), `GET /orders/users/search` (fan) and `GET /admin/orders/search`. */
export const ZOrderSearchQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  deliveryStatus: ZDeliveryStatus.optional(),
  /**
   * An order number ("#1042" or "1042"), or part of the product's name or of the buyer's or
   * creator's name or username.
   */
  q: z.string().trim().max(200).optional(),
});
export type TOrderSearchQuery = z.infer<typeof ZOrderSearchQuery>;

/** `PUT /orders/{id}/update` (creator): forward only, processing → shipping → delivered. */
export const ZOrderUpdate = z
  .object({
    deliveryStatus: z.enum(['processing', 'shipping', 'delivered']).optional(),
    trackingCode: z
      .string()
      .trim()
      .max(100, { message: 'The tracking code can have at most 100 characters.' })
      .nullish(),
  })
  .strict();
export type TOrderUpdate = z.infer<typeof ZOrderUpdate>;

/** `PUT /orders/{id}/update/delivery-address` (fan, while processing). */
export const ZOrderAddressUpdate = z.object({ deliveryAddressId: ZId }).strict();
export type TOrderAddressUpdate = z.infer<typeof ZOrderAddressUpdate>;

/** `GET /performer-assets/products/{id}/download-link` */
export const ZDownloadLink = z.object({ url: z.string(), expiresAt: z.string() });
export type TDownloadLink = z.infer<typeof ZDownloadLink>;

/** `POST /admin/orders/{id}/refund` */
export const ZOrderRefund = z.object({ order: ZOrder, transactionId: ZId });
export type TOrderRefund = z.infer<typeof ZOrderRefund>;
