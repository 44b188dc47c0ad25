import { z } from 'zod';
import { PRODUCT_CODE_MAX } from './order-fields';
import { casesInAll, casesText, type MinimumLine, meetsMinimum } from './order-minimum';

/**
 * Will it arrive (design.md 8.3): the distributor's stock as the last availability file gave
 * it, shown on each line, and what the customer says may be sent instead when a product is out.
 */

export const AVAILABILITY_STATUSES = ['IN', 'LOW', 'OUT'] as const;
export type AvailabilityStatus = (typeof AVAILABILITY_STATUSES)[number];

/** A product's stock; null in the API when the last file did not name the product. */
export const AvailabilitySchema = z.object({
  Status: z.enum(AVAILABILITY_STATUSES),
  /** Cases available, or null when the file left it blank. */
  Cases: z.number().int().nullable(),
  /** When it is expected back (YYYY-MM-DD), or null. */
  ExpectedDate: z.string().nullable(),
  SubstituteCode: z.string().nullable(),
  SubstituteDescription: z.string().nullable(),
});
export type Availability = z.infer<typeof AvailabilitySchema>;

export const SUBSTITUTIONS = ['Allow', 'Never', 'CallMe'] as const;
export const SubstitutionSchema = z.enum(SUBSTITUTIONS, {
  error: 'Substitution must be Allow, Never or CallMe',
});
export type Substitution = z.infer<typeof SubstitutionSchema>;

/** The default: the distributor may send the suggested substitute. */
export const DEFAULT_SUBSTITUTION: Substitution = 'Allow';

/** The export file's 15th column (design.md 8.3). */
export const substitutionLetter: Record<Substitution, 'A' | 'N' | 'C'> = {
  Allow: 'A',
  Never: 'N',
  CallMe: 'C',
};

/** How each preference reads on a screen. */
export const substitutionLabel: Record<Substitution, string> = {
  Allow: 'Send a substitute',
  Never: 'No substitute',
  CallMe: 'Call me first',
};

/** At most this many preferences in one save: more than any customer's orderable products. */
export const SUBSTITUTIONS_PER_SAVE_MAX = 5000;

/** The body of `PUT Customer/{id}/Substitutions`. */
export const SubstitutionsSaveSchema = z
  .array(
    z.object({
      Code: z.string({ error: 'Code is required' }).trim().min(1, 'Code is required').max(PRODUCT_CODE_MAX),
      Preference: SubstitutionSchema,
    }),
  )
  .max(SUBSTITUTIONS_PER_SAVE_MAX, `At most ${SUBSTITUTIONS_PER_SAVE_MAX} preferences at once`);
export type SubstitutionsSave = z.infer<typeof SubstitutionsSaveSchema>;

/** The answer of `PUT Customer/{id}/Substitutions`: every preference other than Allow, by code. */
export const SavedSubstitutionsSchema = z.array(
  z.object({ Code: z.string(), Preference: SubstitutionSchema }),
);
export type SavedSubstitutions = z.infer<typeof SavedSubstitutionsSchema>;

/**
 * What a line shows of its stock: `Out` (or `Out, back {date}`), `Low: n left`, `Back {date}`
 * for a product in stock again on a date, and nothing for one in stock or unknown. `date` formats
 * the expected date for the screen.
 */
export function availabilityLabel(a: Availability | null, date: (iso: string) => string): string | null {
  if (!a) return null;
  const back = a.ExpectedDate ? `Back ${date(a.ExpectedDate)}` : null;
  if (a.Status === 'OUT') return back ? `Out · ${back}` : 'Out';
  if (a.Status === 'LOW') return a.Cases === null ? 'Low' : `Low: ${a.Cases} left`;
  return back;
}

/** "we may send X instead", when the file names a substitute and the customer allows one. */
export function substituteNote(a: Availability | null, preference: Substitution): string | null {
  if (!a?.SubstituteDescription || a.Status === 'IN' || preference !== 'Allow') return null;
  return `We may send ${a.SubstituteDescription} instead`;
}

/** A line of the order for the minimum guard: its product, its quantities, and whether it is out. */
export interface GuardLine extends MinimumLine {
  Description: string;
  Out: boolean;
}

/**
 * The minimum guard (design.md 8.3): when the order meets its type's minimum, but would not
 * without its `OUT` lines, "If {product} is out, this order has {m} cases, under the {n}-case
 * minimum" ({product} is the one out line, or "these products" for several). Null otherwise:
 * no minimum, nothing out, or the order is under the minimum anyway (step 2 says so already).
 */
export function minimumGuardWarning(lines: readonly GuardLine[], minimum: number): string | null {
  if (minimum <= 0) return null;
  const ordered = lines.filter((l) => l.CaseQuantity > 0 || l.UnitQuantity > 0);
  const out = ordered.filter((l) => l.Out);
  if (out.length === 0 || !meetsMinimum(casesInAll(ordered), minimum)) return null;
  const rest = casesInAll(ordered.filter((l) => !l.Out));
  if (meetsMinimum(rest, minimum)) return null;
  const product = out.length === 1 ? `${out[0]!.Description} is` : 'these products are';
  return `If ${product} out, this order has ${casesText(rest)} cases, under the ${minimum}-case minimum`;
}
