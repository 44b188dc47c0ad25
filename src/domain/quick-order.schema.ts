import { z } from 'zod';

/**
 * `POST Customer/{id}/QuickOrder` (design.md 8.7, issue 41): a message's text in, each of its
 * lines out with the product it matched (Code null: none), the cases or units, whether the match
 * is sure, and the other likely products when it is not. Nothing is ordered: the person adds the
 * lines they check.
 */
export const QUICK_ORDER_MAX_TEXT = 20_000;

export const QuickOrderBodySchema = z.object({
  Text: z
    .string({ error: 'Text is required' })
    .max(QUICK_ORDER_MAX_TEXT, `Text must be at most ${QUICK_ORDER_MAX_TEXT} characters`),
});
export type QuickOrderBody = z.infer<typeof QuickOrderBodySchema>;

export const QuickOrderAlternativeSchema = z.object({ Code: z.string(), Description: z.string() });

export const QuickOrderLineSchema = z.object({
  Text: z.string(),
  Code: z.string().nullable(),
  Description: z.string().nullable(),
  Cases: z.number().int(),
  Units: z.number().int(),
  Sure: z.boolean(),
  Alternatives: z.array(QuickOrderAlternativeSchema),
});
export type QuickOrderLine = z.infer<typeof QuickOrderLineSchema>;

export const QuickOrderSchema = z.object({ Lines: z.array(QuickOrderLineSchema) });
export type QuickOrder = z.infer<typeof QuickOrderSchema>;
