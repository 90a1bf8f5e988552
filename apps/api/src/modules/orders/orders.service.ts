import {
  fromCents,
  type TDownloadLink,
  type TOrder,
  type TOrderAddressUpdate,
  type TOrderRefund,
  type TOrderSearchQuery,
  type TOrderUpdate,
  type TProductCharge,
  type TProductChargeRequest,
} from '@fanstage/contract';
import type { DeliveryStatus, Executor } from '@fanstage/db';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/app-error';
import { downloadFileName, safeFileName } from '../../lib/content-disposition';
import { assertAccess } from '../access/access';
import { assertNotBlocked } from '../access/blocks';
import { requireOwnAddress, snapshotOf } from '../addresses/addresses.service';
import { findProduct } from '../assets/products.repo';
import { recordAudit } from '../audit/audit';
import type { Actor } from '../auth/sessions';
import { sniffStoredFile } from '../files/files.service';
import { signMediaLink } from '../files/signed-urls';
import { notify } from '../notifications/notifications.service';
import {
  chargeFan,
  type IdempotencyScope,
  inMoneyTransaction,
  type ReversedCharge,
  reverseCharge,
  tellRefund,
  withIdempotency,
} from '../wallet';
import {
  findDigitalFile,
  findOrder,
  findProductForSale,
  hasLiveOrder,
  insertOrder,
  insertProductPurchase,
  lockOrder,
  type OrderRow,
  searchOrders,
  takeStock,
  updateOrder,
} from './orders.repo';

/*
 * Shop orders (business-rules.md "Wallet charges", "Shop"). A product charge is one transaction:
 * stock taken conditionally, the wallet charged through chargeFan, a purchase row and the order.
 * A refund is the wallet's reverseCharge (the reverse of the charge's entries, earning_refunds),
 * whose order consequence (orders.refunds.ts) marks the order and restores stock not yet shipped.
 */

type Person = { id: string; name: string; username: string | null };

function presentOrder(row: OrderRow, people: { fan: Person; performer: Person }): TOrder {
  const person = (p: Person) => ({ _id: p.id, name: p.name, username: p.username });
  return {
    _id: row.id,
    number: row.number,
    fan: person(people.fan),
    performer: person(people.performer),
    productId: row.productId,
    productName: row.productName,
    productType: row.productType,
    quantity: row.quantity,
    unitPrice: fromCents(row.unitPriceCents),
    totalPrice: fromCents(row.totalCents),
    deliveryStatus: row.deliveryStatus,
    deliveryAddress: row.deliveryAddress ?? null,
    trackingCode: row.trackingCode,
    refundedAt: row.refundedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function loadOrderView(db: Executor, id: string): Promise<TOrder> {
  const { rows } = await searchOrders(db, { id, offset: 0, limit: 1 });
  const found = rows[0];
  if (!found) throw notFound('That order');
  return presentOrder(found.order, found);
}

/**
 * `POST /wallet/charges/product/{id}`: buys `quantity` of an active product of a creator the fan may
 * see. Physical goods need an address of the fan's and enough stock ("Not enough stock" otherwise);
 * the order starts `processing` with a copy of the address. Digital goods are `delivered` at once.
 */
export async function chargeProduct(
  ctx: AppContext,
  options: {
    actor: Actor;
    country: string | null;
    id: string;
    input: TProductChargeRequest;
    idempotency: IdempotencyScope | null;
  },
): Promise<TProductCharge> {
  const { actor, country, id, input } = options;
  // Visibility is decided before the transaction (it reads outside it), the price inside.
  // A creator who blocked the fan sells them nothing: said plainly (403) before anything else.
  const listed = await findProduct(ctx.db.db, id);
  if (listed) await assertNotBlocked(ctx, { actor, performerId: listed.performerId });
  await assertAccess(ctx, { actor, country, action: 'see', resource: 'product', id });
  const settings = await ctx.settings.getAll();
  const now = ctx.clock.now();
  // Set only when this request placed the order (a replayed Idempotency-Key tells nobody again).
  const placed: {
    order: {
      performerId: string;
      number: number;
      quantity: number;
      productName: string;
      isDigital: boolean;
    } | null;
  } = { order: null };
  const result = await inMoneyTransaction(ctx, (tx) =>
    withIdempotency(tx, options.idempotency, async () => {
      placed.order = null;
      const product = await findProductForSale(tx, id);
      if (product?.status !== 'active' || product.hiddenAt) throw notFound('That product');
      if (product.performerId === actor.id) {
        throw new AppError('UNPROCESSABLE', 'You cannot buy your own product.');
      }
      if (product.priceCents <= 0) throw new AppError('UNPROCESSABLE', 'This product is not for sale.');
      const isPhysical = product.type === 'physical';
      if (!isPhysical && input.quantity !== 1) {
        throw new AppError('UNPROCESSABLE', 'A digital product is bought one at a time (quantity 1).', [
          { path: 'quantity', message: 'Must be 1.' },
        ]);
      }
      let address = null;
      if (isPhysical) {
        if (!input.deliveryAddressId) {
          throw new AppError('UNPROCESSABLE', 'Choose a delivery address for this product.', [
            { path: 'deliveryAddressId', message: 'Required for physical products.' },
          ]);
        }
        address = await requireOwnAddress(tx, { userId: actor.id, id: input.deliveryAddressId });
        if (!(await takeStock(tx, { productId: id, quantity: input.quantity }))) {
          throw new AppError('UNPROCESSABLE', 'Not enough stock', [
            { path: 'quantity', message: 'Not enough stock.' },
          ]);
        }
      }
      const grossCents = product.priceCents * input.quantity;
      const charge = await chargeFan(tx, {
        fanId: actor.id,
        performerId: product.performerId,
        grossCents,
        source: 'product',
        sourceId: id,
        defaultCommissionRate: settings.performerCommission,
        metadata: { quantity: input.quantity },
        now,
      });
      await insertProductPurchase(tx, {
        fanId: actor.id,
        performerId: product.performerId,
        targetType: 'product',
        targetId: id,
        priceCents: grossCents,
        createdAt: now,
      });
      const order = await insertOrder(tx, {
        fanId: actor.id,
        performerId: product.performerId,
        productId: id,
        productName: product.name,
        productType: product.type,
        quantity: input.quantity,
        unitPriceCents: product.priceCents,
        totalCents: grossCents,
        deliveryStatus: isPhysical ? 'processing' : 'delivered',
        deliveryAddress: address ? snapshotOf(address) : null,
        transactionId: charge.transactionId,
        createdAt: now,
        updatedAt: now,
      });
      placed.order = {
        performerId: product.performerId,
        number: order.number,
        quantity: input.quantity,
        productName: product.name,
        isDigital: !isPhysical,
      };
      return {
        _id: charge.transactionId,
        type: 'product' as const,
        targetId: id,
        performerId: product.performerId,
        amount: fromCents(grossCents),
        balance: fromCents(charge.balanceCents),
        createdAt: now.toISOString(),
        orderId: order.id,
        orderNumber: order.number,
      };
    }),
  );
  if (placed.order) {
    await tellSellerOfOrder(ctx, { ...placed.order, buyer: actor });
    if (placed.order.isDigital) await tellBuyerOfDownload(ctx, { ...placed.order, fanId: actor.id });
  }
  return result;
}

/**
 * The buyer of a digital product gets the way to download it by mail. The link opens their orders,
 * where each download asks for a fresh signed address (those expire in minutes, a mail waits longer).
 */
async function tellBuyerOfDownload(
  ctx: AppContext,
  order: { fanId: string; number: number; productName: string },
): Promise<void> {
  await notify(ctx, {
    userIds: order.fanId,
    type: 'order.download-ready',
    title: `Your download of ${order.productName} is ready`,
    text: `Thank you for your order #${order.number}. ${order.productName} is ready to download from your orders, as often as you like.`,
    link: '/user/orders',
    values: { orderNumber: String(order.number), productName: order.productName },
  });
}

/** The creator learns of a new order (after the charge committed). */
async function tellSellerOfOrder(
  ctx: AppContext,
  order: { performerId: string; number: number; quantity: number; productName: string; buyer: Actor },
): Promise<void> {
  const buyer = order.buyer.user?.username ?? order.buyer.user?.name ?? 'A fan';
  await notify(ctx, {
    userIds: order.performerId,
    type: 'order.placed',
    title: `New order #${order.number}`,
    text: `${buyer} ordered ${order.quantity} × ${order.productName} (order #${order.number}).`,
    link: '/creator/orders',
    values: { orderNumber: String(order.number) },
  });
}

/** The largest order number the column holds (PostgreSQL integer). */
const maxOrderNumber = 2_147_483_647;

/**
 * What a search box's text asks for. "#1042" (or "Order #1042", copied from a screen) is an order
 * number only; bare digits ("1042") are an order number or part of a name ("2024 calendar");
 * anything else is part of a name. A number too large to be an order's is searched as text, so it
 * finds nothing instead of failing.
 */
export function parseOrderSearch(q: string | undefined): { number?: number; text?: string } {
  if (!q) return {};
  const match = /^(order\s*)?(#\s*)?(\d{1,10})$/i.exec(q);
  const number = Number(match?.[3]);
  if (!match || number > maxOrderNumber) return { text: q };
  const isNumberOnly = match[1] !== undefined || match[2] !== undefined;
  return isNumberOnly ? { number } : { number, text: q };
}

/** The search query of the order lists, as the repository takes it. */
const searchOptionsOf = (query: TOrderSearchQuery) => ({
  offset: query.offset,
  limit: query.limit,
  deliveryStatus: query.deliveryStatus,
  ...parseOrderSearch(query.q),
});

/** `GET /orders/search`: the orders of the creator's products. */
export async function searchSellerOrders(
  ctx: AppContext,
  options: { actor: Actor; query: TOrderSearchQuery },
): Promise<{ data: TOrder[]; total: number }> {
  const { rows, total } = await searchOrders(ctx.db.db, {
    performerId: options.actor.id,
    ...searchOptionsOf(options.query),
  });
  return { data: rows.map((r) => presentOrder(r.order, r)), total };
}

/** `GET /orders/users/search`: what the fan bought. */
export async function searchBuyerOrders(
  ctx: AppContext,
  options: { actor: Actor; query: TOrderSearchQuery },
): Promise<{ data: TOrder[]; total: number }> {
  const { rows, total } = await searchOrders(ctx.db.db, {
    fanId: options.actor.id,
    ...searchOptionsOf(options.query),
  });
  return { data: rows.map((r) => presentOrder(r.order, r)), total };
}

/** `GET /orders/{id}`: the buyer, the seller or an admin; anyone else gets 404. */
export async function getOrder(ctx: AppContext, options: { actor: Actor; id: string }): Promise<TOrder> {
  const order = await loadOrderView(ctx.db.db, options.id);
  if (
    order.fan._id !== options.actor.id &&
    order.performer._id !== options.actor.id &&
    options.actor.role !== 'admin'
  ) {
    throw notFound('That order');
  }
  return order;
}

const deliverySteps: DeliveryStatus[] = ['processing', 'shipping', 'delivered'];

/** `PUT /orders/{id}/update`: the seller moves delivery forward and sets the tracking code. */
export async function updateOrderDelivery(
  ctx: AppContext,
  options: { actor: Actor; id: string; input: TOrderUpdate },
): Promise<TOrder> {
  const { actor, input } = options;
  let before: DeliveryStatus | null = null;
  const view = await ctx.db.db.transaction(async (tx) => {
    const row = await lockOrder(tx, options.id);
    if (!row || row.performerId !== actor.id) throw notFound('That order');
    before = row.deliveryStatus;
    if (row.deliveryStatus === 'refunded') {
      throw new AppError('UNPROCESSABLE', 'This order was refunded; its delivery cannot change.');
    }
    const next = input.deliveryStatus ?? row.deliveryStatus;
    if (deliverySteps.indexOf(next) < deliverySteps.indexOf(row.deliveryStatus)) {
      throw new AppError(
        'UNPROCESSABLE',
        `Delivery moves forward only (processing → shipping → delivered); this order is ${row.deliveryStatus}.`,
        [{ path: 'deliveryStatus', message: `Cannot go back to ${next}.` }],
      );
    }
    await updateOrder(tx, row.id, {
      deliveryStatus: next,
      trackingCode: input.trackingCode === undefined ? row.trackingCode : input.trackingCode || null,
      updatedAt: ctx.clock.now(),
    });
    return loadOrderView(tx, row.id);
  });
  if (before !== view.deliveryStatus) await tellBuyerOfDelivery(ctx, view);
  return view;
}

/** The fan learns that their order shipped (with the tracking code) or arrived. */
async function tellBuyerOfDelivery(ctx: AppContext, order: TOrder): Promise<void> {
  const what = `${order.quantity} × ${order.productName}`;
  if (order.deliveryStatus === 'shipping') {
    await notify(ctx, {
      userIds: order.fan._id,
      type: 'order.shipped',
      title: `Order #${order.number} was shipped`,
      text: order.trackingCode
        ? `Your order #${order.number} (${what}) is on its way. Tracking code: ${order.trackingCode}.`
        : `Your order #${order.number} (${what}) is on its way.`,
      link: '/user/orders',
      values: { orderNumber: String(order.number), trackingCode: order.trackingCode ?? '' },
    });
  } else if (order.deliveryStatus === 'delivered') {
    await notify(ctx, {
      userIds: order.fan._id,
      type: 'order.delivered',
      title: `Order #${order.number} was delivered`,
      text: `Your order #${order.number} (${what}) was marked delivered.`,
      link: '/user/orders',
      values: { orderNumber: String(order.number) },
    });
  }
}

/** `PUT /orders/{id}/update/delivery-address`: the buyer changes the address while processing. */
export async function updateOrderAddress(
  ctx: AppContext,
  options: { actor: Actor; id: string; input: TOrderAddressUpdate },
): Promise<TOrder> {
  const { actor } = options;
  return ctx.db.db.transaction(async (tx) => {
    const row = await lockOrder(tx, options.id);
    if (!row || row.fanId !== actor.id) throw notFound('That order');
    if (row.productType !== 'physical') {
      throw new AppError('UNPROCESSABLE', 'A digital order has no delivery address.');
    }
    if (row.deliveryStatus !== 'processing') {
      throw new AppError(
        'UNPROCESSABLE',
        `The delivery address can change only while the order is processing; it is ${row.deliveryStatus}.`,
      );
    }
    const address = await requireOwnAddress(tx, { userId: actor.id, id: options.input.deliveryAddressId });
    await updateOrder(tx, row.id, { deliveryAddress: snapshotOf(address), updatedAt: ctx.clock.now() });
    return loadOrderView(tx, row.id);
  });
}

/**
 * The name a digital product is saved under: the product's name (else the uploaded file's) with
 * the extension of what the stored bytes are. Bytes of no known type (plain text, say) keep the
 * uploaded file's extension, and a file with neither is `.bin`.
 */
async function downloadNameOf(
  ctx: AppContext,
  file: { productName: string; storageKey: string; originalName: string | null },
): Promise<string> {
  const original = file.originalName ?? '';
  const originalExtension = /\.([A-Za-z0-9]{1,10})$/.exec(original)?.[1];
  const type = await sniffStoredFile(ctx.storage, file.storageKey);
  return downloadFileName({
    base: file.productName,
    extension: type?.ext ?? originalExtension ?? 'bin',
    fallback: safeFileName(original.replace(/\.[^.]*$/, '')) || 'download',
  });
}

/** How long a digital product's download link works. */
export const downloadLinkTtlSeconds = 10 * 60;

/**
 * `GET /performer-assets/products/{id}/download-link`: an expiring signed URL of a digital product's
 * file, for a fan holding a paid (not refunded) order of it, or its creator. Anyone else gets 404.
 */
export async function getDownloadLink(
  ctx: AppContext,
  options: { actor: Actor; productId: string },
): Promise<TDownloadLink> {
  const { actor, productId } = options;
  const file = await findDigitalFile(ctx.db.db, productId);
  if (file?.type !== 'digital') throw notFound('That product');
  const isOwner = file.performerId === actor.id;
  if (!isOwner && !(await hasLiveOrder(ctx.db.db, { fanId: actor.id, productId }))) {
    throw notFound('That product');
  }
  if (!file.storageKey) throw new AppError('UNPROCESSABLE', 'This product has no file to download yet.');
  // A one-off download, never cached: it works exactly `downloadLinkTtlSeconds`.
  const { url, expiresAt } = signMediaLink(ctx, file.storageKey, {
    expiresInSeconds: downloadLinkTtlSeconds,
    exact: true,
    downloadName: await downloadNameOf(ctx, { ...file, storageKey: file.storageKey }),
  });
  return { url, expiresAt: expiresAt.toISOString() };
}

/**
 * `POST /admin/orders/{id}/refund`: gives the fan the whole price back through the ledger (the
 * reverse of the charge's entries), restores the stock of goods not shipped yet, marks the order
 * refunded and records the reversed earning. Refunding twice answers the refunded order again.
 * The creator's earnings may go below zero when they were already paid out: the creator then owes
 * the platform, and later earnings make it up before a new payout is possible.
 */
export async function refundOrder(
  ctx: AppContext,
  options: { actor: Actor; id: string; idempotency: IdempotencyScope | null },
): Promise<TOrderRefund> {
  const now = ctx.clock.now();
  const order = await findOrder(ctx.db.db, options.id);
  if (!order) throw notFound('That order');
  const done: { reversed: ReversedCharge | null } = { reversed: null };
  const result = await inMoneyTransaction(ctx, (tx) =>
    withIdempotency(tx, options.idempotency, async () => {
      done.reversed = null;
      // The wallet locks the charge, reverses its lines and, through applyOrderRefund, marks this
      // order refunded and restores unshipped stock; a second refund answers the first.
      const reversed = await reverseCharge(tx, {
        actorId: options.actor.id,
        transactionId: order.transactionId,
        reason: null,
        reference: `order:${order.id}`,
        metadata: { orderId: order.id },
        now,
      });
      if (reversed.isNew) {
        done.reversed = reversed;
        await recordAudit(tx, {
          actorId: options.actor.id,
          action: 'order.refund',
          targetType: 'order',
          targetId: order.id,
          before: { deliveryStatus: order.deliveryStatus, refundedAt: null },
          after: {
            deliveryStatus: 'refunded',
            refundedAt: now,
            refundedCents: reversed.grossCents,
            ledgerTransactionId: reversed.refundTransactionId,
          },
        });
      }
      return { order: await loadOrderView(tx, order.id), transactionId: reversed.refundTransactionId };
    }),
  );
  if (done.reversed) {
    const o = result.order;
    await tellRefund(ctx, done.reversed, {
      fan: { _id: o.fan._id, name: o.fan.name, username: o.fan.username },
      creator: { _id: o.performer._id, name: o.performer.name, username: o.performer.username },
    });
  }
  return result;
}

/** `GET /admin/orders/search`: every order, for refunds. */
export async function adminSearchOrders(
  ctx: AppContext,
  options: { query: TOrderSearchQuery },
): Promise<{ data: TOrder[]; total: number }> {
  const { rows, total } = await searchOrders(ctx.db.db, searchOptionsOf(options.query));
  return { data: rows.map((r) => presentOrder(r.order, r)), total };
}
