import { z } from 'zod';
import { MAX_MEMBERS, OFFER_HOURS_MAX, OFFER_HOURS_MIN, WAITING_MSG } from './messages.ts';

/** The waiting list's API shapes (issue 27; docs/decisions/0053), written once for the server and
 * the browser. */

/** all: the whole entry or nothing; any: as many of its members as there are places. */
export const WaitingModeSchema = z.enum(['all', 'any'], { error: WAITING_MSG.mode });
export type WaitingMode = z.infer<typeof WaitingModeSchema>;

/** waiting: in the queue; offered: places held for it until the offer ends; the rest have left
 * the list (accepted: every member placed or in checkout). */
export const WaitingStateSchema = z.enum([
  'waiting',
  'offered',
  'accepted',
  'declined',
  'expired',
  'removed',
  'closed',
]);
export type WaitingState = z.infer<typeof WaitingStateSchema>;

/** A member's own state: waiting; offered (a place held); accepted (placed, or in checkout with the
 * place held); left (the entry ended without a place for them). */
export const MemberStateSchema = z.enum(['waiting', 'offered', 'accepted', 'left']);
export type MemberState = z.infer<typeof MemberStateSchema>;

/** POST /products/{id}/waiting-list/ */
export const JoinWaitingListSchema = z.object({
  participants: z
    .array(z.number().int().positive())
    .min(1, WAITING_MSG.members)
    .max(MAX_MEMBERS, WAITING_MSG.members)
    .refine((ids) => new Set(ids).size === ids.length, WAITING_MSG.members),
  mode: WaitingModeSchema,
});
export type JoinWaitingList = z.infer<typeof JoinWaitingListSchema>;

export const WaitingMemberSchema = z.object({
  id: z.number(),
  name: z.string(),
  state: MemberStateSchema,
});

export const WaitingOfferSchema = z.object({
  /** How many places are held for the entry. */
  places: z.number(),
  /** When the offer ends (ISO instant). */
  ends_at: z.string(),
  /** What the held places cost in all, '25.00' (0.00 for a free race). */
  total: z.string(),
});

/** An entry as its owner sees it. */
export const WaitingEntrySchema = z.object({
  id: z.number(),
  event: z.object({ id: z.number(), name: z.string(), slug: z.string(), date: z.string(), price: z.string() }),
  mode: WaitingModeSchema,
  state: WaitingStateSchema,
  /** 1 for the first live entry of the race; null once the entry has left the list. */
  position: z.number().nullable(),
  members: z.array(WaitingMemberSchema),
  offer: WaitingOfferSchema.nullable(),
  created_at: z.string(),
});
export type WaitingEntry = z.infer<typeof WaitingEntrySchema>;

/** An entry as administrators see it in Booked Participants. */
export const AdminWaitingEntrySchema = WaitingEntrySchema.extend({
  owner: z.object({ id: z.number(), name: z.string(), username: z.string() }),
  ended_at: z.string().nullable(),
});
export type AdminWaitingEntry = z.infer<typeof AdminWaitingEntrySchema>;

export const AdminWaitingListSchema = z.object({
  entries: z.array(AdminWaitingEntrySchema),
  /** Places freed and kept for the list that no entry fits yet. */
  kept: z.number(),
});
export type AdminWaitingList = z.infer<typeof AdminWaitingListSchema>;

/** The answer to Accept: `checkout` true when the places wait in the cart to be paid for. */
export const AcceptAnswerSchema = z.object({ message: z.string(), checkout: z.boolean() });

export const WaitingSettingsSchema = z.object({
  offer_hours: z
    .number({ error: WAITING_MSG.offerHours })
    .int(WAITING_MSG.offerHours)
    .min(OFFER_HOURS_MIN, WAITING_MSG.offerHours)
    .max(OFFER_HOURS_MAX, WAITING_MSG.offerHours),
});
export type WaitingSettings = z.infer<typeof WaitingSettingsSchema>;
