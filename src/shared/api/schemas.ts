/**
 * Zod schemas of the Fax Service v2 wire format (spec/fax-service-v2.md).
 *
 * Tolerant readers: the service is a third party that documents one status
 * value it does not list ('completed') and leaves much unstated, so unknown
 * fields pass through, unknown states are kept as raw strings and numbers
 * sent as numeric strings are accepted. What must hold for FaxDesk to work
 * (identifiers, the shape of each record) is still checked.
 */
import { z } from 'zod';
import { normalizeTaskStatus, type KnownRecipientStatus, type TaskStatusValue } from '../task-state';

const NUMERIC = /^-?\d+(\.\d+)?$/;

/** A number, or a string holding one (some PHP back ends quote decimals). */
export const wireNumber = z.union([
  z.number().finite(),
  z
    .string()
    .trim()
    .regex(NUMERIC, 'expected a number')
    .transform((s) => Number(s)),
]);

export const wireInteger = wireNumber.pipe(z.number().int());

/** Identifiers are strings; a numeric id is read as its decimal text. */
export const wireId = z.union([z.string().min(1), z.number().int().transform((n) => String(n))]);

/** Optional-or-null text reads as null, so callers see one "absent" value. */
const nullableText = z
  .string()
  .nullish()
  .transform((v) => v ?? null);

// `(string & {})` keeps the literal members visible to editors while allowing any string.
export type TaskStatus = TaskStatusValue;
export type RecipientStatus = KnownRecipientStatus | (string & {});
export type AccountStatus = 'active' | 'suspended' | 'inactive' | (string & {});


/** The spec's sample says 'completed' where the contract says 'done'. */
export const taskStatusSchema = z.string().transform((s): TaskStatus => normalizeTaskStatus(s));
export const recipientStatusSchema = z.string().transform((s): RecipientStatus => s);
export const accountStatusSchema = z.string().transform((s): AccountStatus => s);

/** Every response. `errors` is left unknown here and interpreted by the client. */
export const envelopeSchema = z.looseObject({
  success: z.boolean(),
  message: z.string().default(''),
  data: z.unknown().optional(),
  errors: z.unknown().optional(),
});
export type Envelope = z.infer<typeof envelopeSchema>;

export const uploadedFileSchema = z.looseObject({
  file_ref: wireId,
  file_size: wireInteger,
  file_ext: z.string().default(''),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

export const recipientRecordSchema = z.looseObject({
  rcpt_ref: wireId,
  phone_number: z.string(),
  unit_price: wireNumber,
  page_count: wireInteger,
  charged_amount: wireNumber,
  status: recipientStatusSchema,
  failed_code: nullableText,
  failed_reason: nullableText,
  completed_at: nullableText,
  created_at: z.string(),
});
export type RecipientRecord = z.infer<typeof recipientRecordSchema>;

/** Create-task answers carry only the refs of the recipients. */
export const createdRecipientSchema = z.looseObject({
  rcpt_ref: wireId,
  phone_number: z.string(),
});

const taskBase = {
  task_ref: wireId,
  name: z.string(),
  status: taskStatusSchema,
  // The spec does not say what scheduled_at holds when the request omitted it.
  scheduled_at: nullableText,
  created_at: z.string(),
};

export const createdTaskSchema = z.looseObject({
  ...taskBase,
  recipients: z.array(createdRecipientSchema),
});
export type CreatedTask = z.infer<typeof createdTaskSchema>;

export const taskSchema = z.looseObject({
  ...taskBase,
  recipients: z.array(recipientRecordSchema),
});
export type Task = z.infer<typeof taskSchema>;

// One schema per object of the spec, field for field: alike in shape to the recipient's, not the same data.
export const accountSchema = z.looseObject({
  uid: wireId,
  name: z.string(),
  balance: wireNumber,
  webhook_url: nullableText,
  status: accountStatusSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Account = z.infer<typeof accountSchema>;

/** Input of create-task as sent on the wire (checked by the service, not here). */
export interface CreateTaskInput {
  name: string;
  file_refs: string[];
  phone_numbers: string[];
  /** Y-m-d H:i:s in the service's time zone */
  scheduled_at?: string;
}
