import { z } from 'zod';
import { ZId } from './common';
import { maxPrivateRequestNote } from './field-values';
import { ZLiveMediaGrant } from './streaming';

/*
 * Private shows and 1-on-1 calls (issue 11; docs/decisions/live-video-plan.md "Private shows and
 * 1-on-1 calls"). Both are one record, billed per started minute by the server.
 *
 * Private shows: `/streaming/private/request...` (spec section 7). Calls:
 *   POST /streaming/calls                 the fan rings a creator ({ performerId })
 *   GET  /streaming/calls                 the actor's calls, newest first (fan or creator)
 *   GET  /streaming/calls/{id}            one call (its fan or creator)
 *   POST /streaming/calls/{id}/accept     the creator picks up: live, minute 1 charged
 *   POST /streaming/calls/{id}/decline    the creator refuses a ringing call
 *   POST /streaming/calls/{id}/cancel     the fan hangs up before an answer
 *   POST /streaming/calls/{id}/end        either side hangs up a live call
 *   POST /streaming/calls/{id}/heartbeat  the in-call page, every 15 s
 *   GET  /streaming/calls/{id}/join       the media grant, while live and paid
 */

export const callKinds = ['private_show', 'call'] as const;
export const callStatuses = [
  'pending',
  'approved',
  'rejected',
  'ringing',
  'live',
  'finished',
  'cancelled',
  'declined',
  'missed',
] as const;
export const callEndReasons = [
  'ended_by_fan',
  'ended_by_creator',
  'insufficient_balance',
  'fan_gone',
  /** The creator blocked the fan during the session. */
  'blocked',
  /** An admin deactivated the fan's or the creator's account. */
  'account_deactivated',
] as const;
export type TCallEndReason = (typeof callEndReasons)[number];

/** Highest price per minute a creator may ask. */
export const maxCallPricePerMinute = 10_000;

const perMinuteMessage = `The price per minute must be between 0.01 and ${maxCallPricePerMinute.toFixed(2)}.`;

export const ZCallPrice = z
  .number({ message: 'The price per minute must be a number, like 5.00.' })
  .min(0.01, { message: perMinuteMessage })
  .max(maxCallPricePerMinute, { message: perMinuteMessage })
  .multipleOf(0.01, { message: 'The price per minute can have at most two decimals.' });

const isTimeZone = (value: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

/** `POST /streaming/private/request`: the fan asks a creator for a private show. */
export const ZPrivateRequestCreate = z
  .object({
    performerId: ZId,
    /** When, as an ISO date-time (it must be in the future). */
    scheduledAt: z.iso.datetime({
      offset: true,
      message: 'Give the time as a date and time, like 2026-07-01T20:00:00Z.',
    }),
    timezone: z
      .string({ message: 'Give your time zone, like Europe/Paris.' })
      .trim()
      .min(1, { message: 'Give your time zone, like Europe/Paris.' })
      .max(64, { message: 'The time zone can be at most 64 characters.' })
      .refine(isTimeZone, { message: 'That is not a time zone we know; use a name like Europe/Paris.' }),
    note: z
      .string({ message: 'The note must be text.' })
      .trim()
      .max(maxPrivateRequestNote, { message: `The note can be at most ${maxPrivateRequestNote} characters.` })
      .default(''),
  })
  .strict();
export type TPrivateRequestCreate = z.infer<typeof ZPrivateRequestCreate>;

/** `GET .../request/{id}/start?price=` and `POST .../request/{id}/edit`: the price per minute. */
export const ZCallPriceQuery = z.object({ price: z.coerce.number().pipe(ZCallPrice).optional() });
export const ZCallPriceEdit = z.object({ price: ZCallPrice }).strict();
export type TCallPriceEdit = z.infer<typeof ZCallPriceEdit>;

/** `POST /streaming/calls`: the fan rings a creator. */
export const ZCallCreate = z.object({ performerId: ZId }).strict();
export type TCallCreate = z.infer<typeof ZCallCreate>;

export const ZCallParams = z.object({ id: ZId });

/** Both lists: newest first, optionally one status. */
export const ZCallListQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum(callStatuses, { message: `status must be one of ${callStatuses.join(', ')}.` }).optional(),
});
export type TCallListQuery = z.infer<typeof ZCallListQuery>;

const ZParty = z.object({ _id: ZId, name: z.string(), username: z.string().nullable(), avatar: z.string() });

/** A private show request or a call, as either of its two people sees it. */
export const ZCallSession = z.object({
  _id: ZId,
  kind: z.enum(callKinds),
  status: z.enum(callStatuses),
  fan: ZParty,
  performer: ZParty,
  scheduledAt: z.string().nullable(),
  timezone: z.string().nullable(),
  note: z.string(),
  /** Price per started minute (decimal). */
  price: z.number(),
  conversationId: ZId.nullable(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  endReason: z.enum(callEndReasons).nullable(),
  billedMinutes: z.number().int(),
  totalSeconds: z.number().int(),
  totalSpent: z.number(),
  /** When the minute after the billed ones must be paid (live only). */
  paidUntil: z.string().nullable(),
  createdAt: z.string(),
});
export type TCallSession = z.infer<typeof ZCallSession>;

/** A two-party room: each side publishes as `feed` (their own id) and watches `peer`. */
export const ZCallMediaGrant = z.intersection(
  ZLiveMediaGrant,
  z.object({
    /** The other person's user id: their Janus feed, their side of the peer-to-peer connection. */
    peer: ZId,
    /** Agora only: the other person's uid in the call's channel, whose video the page shows. */
    peerUid: z.number().int().optional(),
  }),
);
export type TCallMediaGrant = z.infer<typeof ZCallMediaGrant>;

/** Socket events of calls and private shows (server → client). */
export const ZCallUpdatedEvent = z.object({ call: ZCallSession });
export type TCallUpdatedEvent = z.infer<typeof ZCallUpdatedEvent>;

export const ZCallEndedEvent = z.object({
  call: ZCallSession,
  reason: z.enum(callEndReasons),
  /** A sentence for the person who receives it. */
  message: z.string(),
  /** The fan ran out of money: show a top-up. */
  offerTopUp: z.boolean(),
});
export type TCallEndedEvent = z.infer<typeof ZCallEndedEvent>;
