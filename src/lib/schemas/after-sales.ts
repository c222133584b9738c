import { z } from 'zod';
import { APPEAL_REASONS, COMPLAINT_REASONS, HELP_TOPIC_KEYS, OTHER, REFUND_REJECTION_REASONS, RETURN_PROBLEM_REASONS } from '../orders/after-sales.ts';
import { msg, textField } from './common.ts';

/** A free note: trimmed, at most 500 characters. */
const note = textField(msg.invalid).trim().max(500, { error: 'orders-after:field.note_too_long' }).optional();
/** 'other' ('Lainnya') needs its note. */
const otherNeedsNote = <K extends string>(field: K, key: string) =>
  [(v: Record<K, unknown> & { note?: string }) => v[field] !== OTHER || !!v.note, { path: ['note'] as PropertyKey[], error: key }] as const;

/** POST /v1/transactions/{id}/refund: the complaint that opens the refund (reason, note, photos). */
export const complaintRequestSchema = z
  .object({
    reason: z.enum(COMPLAINT_REASONS, { error: 'orders-after:complaint.choose_reason' }),
    note,
    image_ids: z.array(z.uuid({ error: 'orders-after:complaint.photos_invalid' }), { error: 'orders-after:complaint.photos_invalid' }).max(6, { error: 'orders-after:complaint.photos_max' }).default([]),
  })
  .refine(...otherNeedsNote('reason', 'orders-after:complaint.note_required'));
export type ComplaintRequest = z.input<typeof complaintRequestSchema>;

/** POST /v1/transactions/refund/{id}/ship and /appeal/{id}/ship: the return's courier and tracking number. */
export const returnShipmentSchema = z.object({
  resi: textField('orders-after:ship.resi_required').trim().min(3, { error: 'orders-after:ship.resi_required' }).max(60, { error: msg.invalid }),
  courier_name: textField('orders-after:ship.courier_required').trim().min(2, { error: 'orders-after:ship.courier_required' }).max(60, { error: msg.invalid }),
});

/** POST /v1/transactions/refund/{id}/reject: a reason from SPEC §9's list; 'other' needs a note. */
export const rejectRefundSchema = z
  .object({
    rejected_reason: z.enum(REFUND_REJECTION_REASONS, { error: 'orders-after:reject.choose_reason' }),
    note,
  })
  .refine(...otherNeedsNote('rejected_reason', 'orders-after:reject.note_required'));

/**
 * POST /v1/transactions/{id}/appeal {reason}: a listed reason, or — for 'Lainnya' — the note
 * itself, sent instead of the reason (SPEC §5). 'other' alone is refused: the note is missing.
 */
export const appealSchema = z.object({
  reason: textField('orders-after:appeal.choose_reason')
    .trim()
    .min(1, { error: 'orders-after:appeal.choose_reason' })
    .max(500, { error: 'orders-after:field.note_too_long' })
    .refine((r) => r !== OTHER, { error: 'orders-after:appeal.note_required' }),
});
export const isListedAppealReason = (r: string) => (APPEAL_REASONS as readonly string[]).includes(r);

/** POST /v1/transactions/appeal/{id}/return-problem: a reason from the list; 'other' needs a note. */
export const returnProblemSchema = z
  .object({
    return_problem: z.enum(RETURN_PROBLEM_REASONS, { error: 'orders-after:problem.choose_reason' }),
    note,
  })
  .refine(...otherNeedsNote('return_problem', 'orders-after:problem.note_required'));

/** POST /v1/transactions/{id}/help: a topic of the order's group; 'Lainnya' needs the text. */
export const helpTicketSchema = z
  .object({
    topic: z.enum(HELP_TOPIC_KEYS, { error: 'orders-after:help.choose_topic' }),
    message: textField(msg.invalid).trim().max(1000, { error: 'orders-after:field.note_too_long' }).optional(),
  })
  .refine((v) => v.topic !== OTHER || !!v.message, { path: ['message'], error: 'orders-after:help.message_required' });

/** POST /v1/admin/appeals/{id}/decide: for the buyer (refund) or the traveller (release). */
export const appealDecisionSchema = z.object({
  decision: z.enum(['refund', 'release'], { error: 'admin:appeals.choose_decision' }),
  note: note,
});

/** POST /v1/users/trips/{id}/proof: a boarding pass or ticket image uploaded through /v1/uploads/images. */
export const tripProofSchema = z.object({
  image_id: z.uuid({ error: 'orders-after:proof.image_required' }),
});
