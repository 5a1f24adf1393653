import * as z from 'zod/mini';
import { crmMessages } from '../messages/crm';
import { loginMessages } from '../messages/login';
import { shippingMessages } from '../messages/shipping';
import { isCalendarDay } from '../time';
import { EMAIL_PATTERN } from './auth';

/**
 * The CRM's writes and reads (spec §2 /leads, /leads/{id}, /calls, /activities,
 * /calendar, /messages, /mail): a lead and its move between phases, a call or an activity
 * logged against a customer or a lead with its result and next step.
 */
const int = z.int();
const str = z.string();
const opt = <T extends z.ZodMiniType>(schema: T) => z.nullable(schema);
const id = (message: string) => z.int({ error: message }).check(z.positive(message), z.maximum(2_147_483_647, message));
const optionalId = z.optional(z.nullable(z.int().check(z.positive(), z.maximum(2_147_483_647))));
const text = crmMessages;
const optionalText = (max: number, message: string) => z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(max, message))));
const day = z
  .string({ error: shippingMessages.required })
  .check(z.minLength(1, shippingMessages.required), z.refine(isCalendarDay, shippingMessages.invalidDate));

export const leadInputSchema = z.object({
  name: z.string({ error: text.nameRequired }).check(z.trim(), z.minLength(1, text.nameRequired), z.maxLength(200, text.tooLong(200))),
  company_name: optionalText(200, text.tooLong(200)),
  phone: optionalText(40, text.tooLong(40)),
  email: z.optional(
    z.nullable(
      z.string().check(
        z.trim(),
        z.maxLength(254, loginMessages.invalidEmail),
        z.refine((value) => value === '' || EMAIL_PATTERN.test(value), loginMessages.invalidEmail),
      ),
    ),
  ),
  funnel_phase_id: id(text.phaseRequired),
  origin_id: optionalId,
});
export type LeadInput = z.infer<typeof leadInputSchema>;

/** POST /api/v2/leads/{id}/move: the phase the lead is in now (of its funnel). */
export const leadMoveSchema = z.object({ funnel_phase_id: id(text.phaseRequired) });

const against = <T extends { company_id?: number | null; lead_id?: number | null }>(value: T) =>
  (value.company_id ?? null) !== null || (value.lead_id ?? null) !== null;

export const callInputSchema = z
  .object({
    company_id: optionalId,
    lead_id: optionalId,
    contact_id: optionalId,
    date: day,
    duration_minutes: z.int({ error: text.durationInvalid }).check(z.gte(0, text.durationInvalid), z.lte(600, text.durationInvalid)),
    result_id: id(text.resultRequired),
    note: optionalText(2000, text.tooLong(2000)),
    next_step: optionalText(300, text.tooLong(300)),
  })
  .check(z.refine(against, { error: text.whoRequired, path: ['company_id'] }));
export type CallInput = z.infer<typeof callInputSchema>;

export const activityInputSchema = z
  .object({
    activity_type_id: id(text.typeRequired),
    company_id: optionalId,
    lead_id: optionalId,
    title: z.string({ error: text.titleRequired }).check(z.trim(), z.minLength(1, text.titleRequired), z.maxLength(200, text.tooLong(200))),
    note: optionalText(2000, text.tooLong(2000)),
    date: day,
    time: z.optional(z.nullable(z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, text.timeInvalid)))),
    next_step: optionalText(300, text.tooLong(300)),
  })
  .check(z.refine(against, { error: text.whoRequired, path: ['company_id'] }));
export type ActivityInput = z.infer<typeof activityInputSchema>;

/** PATCH /api/v2/activities/{id}: done (with its result) or pending again. */
export const activityDoneSchema = z.object({ done: z.boolean(), result_id: optionalId });

/** A call as GET /api/v2/calls lists it and POST answers it. */
export const callRowSchema = z.object({
  id: int,
  date: str,
  user_id: int,
  user_name: str,
  company_id: opt(int),
  company_name: opt(str),
  lead_id: opt(int),
  lead_name: opt(str),
  contact_id: opt(int),
  contact_name: opt(str),
  duration_minutes: int,
  result_id: opt(int),
  result: opt(str),
  note: opt(str),
  next_step: opt(str),
});
export type CallRow = z.infer<typeof callRowSchema>;
export const callPageSchema = z.object({ data: z.array(callRowSchema), meta: z.object({ total: int }) });

/** An activity as GET /api/v2/activities lists it and the writes answer it. */
export const activityRowSchema = z.object({
  id: int,
  date: str,
  time: opt(str),
  activity_type_id: opt(int),
  type: opt(str),
  title: str,
  note: opt(str),
  user_id: int,
  user_name: str,
  company_id: opt(int),
  company_name: opt(str),
  lead_id: opt(int),
  lead_name: opt(str),
  done: z.boolean(),
  result_id: opt(int),
  result: opt(str),
  next_step: opt(str),
});
export type ActivityRow = z.infer<typeof activityRowSchema>;
export const activityPageSchema = z.object({ data: z.array(activityRowSchema), meta: z.object({ total: int }) });

/** One lead as its page reads it (GET /api/v2/leads/{id}): where it stands, and what was done with it. */
export const leadRowSchema = z.object({
  id: int,
  name: str,
  company_name: opt(str),
  phone: opt(str),
  email: opt(str),
  funnel_id: opt(int),
  funnel: opt(str),
  funnel_phase_id: opt(int),
  phase: opt(str),
  origin_id: opt(int),
  origin: opt(str),
  user_id: int,
  user_name: str,
  created_at: str,
});
export type LeadRow = z.infer<typeof leadRowSchema>;
export const leadDetailSchema = z.object({
  data: z.extend(leadRowSchema, {
    /** Its phases over time, from the activity log: when it entered each one and who moved it. */
    moves: z.array(z.object({ at: str, user_name: opt(str), from_phase: opt(str), to_phase: opt(str) })),
    activities: z.array(activityRowSchema),
    calls: z.array(callRowSchema),
  }),
});
export type LeadDetail = z.infer<typeof leadDetailSchema>['data'];

/** An e-mail sent from the app (GET /api/v2/emails), as /mail lists it. */
export const emailRowSchema = z.object({
  id: int,
  sale_id: int,
  subject: str,
  to: z.array(str),
  user_name: str,
  status: z.enum(['pendiente', 'enviado', 'fallido']),
  attempts: int,
  last_error: opt(str),
  created_at: str,
  sent_at: opt(str),
});
export type EmailRow = z.infer<typeof emailRowSchema>;
export const emailPageSchema = z.object({ data: z.array(emailRowSchema), meta: z.object({ total: int }) });

export const CRM_SORT_COLUMNS = ['date'] as const;
export type CrmSortColumn = (typeof CRM_SORT_COLUMNS)[number];
