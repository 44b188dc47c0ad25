import { z } from 'zod';
import { customerTypeMessages } from './customer-type.schema';
import {
  dateField,
  endBeforeStartMessage,
  endsBeforeStart,
  INT_MAX,
  requiredText,
  SaveIdField,
} from './schema-fields';

/** Order messages (announcements) shown on the customer's order home, spec sections 3 and 5. */

export const MESSAGE_MAX = 20_000;

export const messageMessages = {
  startDateRequired: 'Start Date is required',
  endDateRequired: 'End Date is required',
  endBeforeStart: endBeforeStartMessage,
  customerTypeRequired: customerTypeMessages.required,
  messageRequired: 'Message is required',
} as const;

export const MessageSchema = z.object({
  Id: z.number().int(),
  StartDate: z.string(),
  EndDate: z.string(),
  /** 0 means every customer type. */
  CustomerTypeId: z.number().int(),
  /** 'All Customer Types' for 0. */
  CustomerTypeName: z.string(),
  /** Sanitized HTML. */
  Message: z.string(),
  IsActive: z.boolean(),
});
export type Message = z.infer<typeof MessageSchema>;

/** POST /Message: Id 0 or absent creates. CustomerTypeId 0 is every type; it must be chosen, never left out. */
export const MessageSaveSchema = z
  .object({
    Id: SaveIdField,
    StartDate: dateField('Start Date'),
    EndDate: dateField('End Date'),
    CustomerTypeId: z
      .number({ error: messageMessages.customerTypeRequired })
      .int(messageMessages.customerTypeRequired)
      .min(0, messageMessages.customerTypeRequired)
      .max(INT_MAX, messageMessages.customerTypeRequired),
    Message: requiredText('Message', MESSAGE_MAX),
    IsActive: z.boolean({ error: 'Active must be true or false' }).default(true),
  })
  .superRefine((m, ctx) => {
    if (endsBeforeStart(m.StartDate, m.EndDate)) {
      ctx.addIssue({ code: 'custom', path: ['EndDate'], message: messageMessages.endBeforeStart });
    }
  });
export type MessageSaveInput = z.input<typeof MessageSaveSchema>;
export type MessageSave = z.output<typeof MessageSaveSchema>;

/** GET /DisplayMessages/{customerTypeId}: what the order home shows. */
export const DisplayMessageSchema = z.object({
  Id: z.number().int(),
  Message: z.string(),
  StartDate: z.string(),
  EndDate: z.string(),
  CustomerTypeId: z.number().int(),
});
export type DisplayMessage = z.infer<typeof DisplayMessageSchema>;
