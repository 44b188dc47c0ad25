import { z } from 'zod';

/** The bulk imports: the spec's four (section 3 "Import file formats", design.md 5.8) the availability file (design.md 8.3), the prices file and the invoices file (8.4). */

export const ImportKindSchema = z.enum([
  'Items',
  'Customers',
  'CustomerItems',
  'OrderHistory',
  'Availability',
  'Prices',
  'Invoices',
]);
export type ImportKind = z.infer<typeof ImportKindSchema>;

/**
 * The report lists at most this many rejected lines (the first ones in the file);
 * `RejectedCount` has them all, so a broken million-line file gives a small answer.
 */
export const MAX_REPORTED_REJECTIONS = 1000;

/** A rejected line's text is reported up to this many characters (issue 14). */
export const REJECTED_TEXT_MAX = 200;

export const RejectedLineSchema = z.object({
  /** 1-based line number in the file as uploaded (blank and header lines count). */
  Line: z.number().int().positive(),
  Message: z.string(),
  /** The line as read (tabs kept), cut to REJECTED_TEXT_MAX characters; '' for a line too long to keep. */
  Text: z.string(),
});
export type RejectedLine = z.infer<typeof RejectedLineSchema>;

export const ImportReportSchema = z.object({
  Kind: ImportKindSchema,
  FileName: z.string(),
  /** Data lines read: blank lines and a header line are not counted. */
  Lines: z.number().int().nonnegative(),
  Inserted: z.number().int().nonnegative(),
  Updated: z.number().int().nonnegative(),
  Unchanged: z.number().int().nonnegative(),
  /** The first MAX_REPORTED_REJECTIONS rejected lines, in file order. */
  Rejected: z.array(RejectedLineSchema),
  /** Every rejected line, listed or not: Inserted + Updated + Unchanged + RejectedCount = Lines. */
  RejectedCount: z.number().int().nonnegative(),
  /**
   * What else the import did that staff should know: customer types it created, unknown items
   * kept, and a key repeated within the file ('Line 9: Code BR-1105 is also on line 4; line 9
   * is applied'), at most MAX_REPORTED_REJECTIONS of those.
   */
  Notes: z.array(z.string()),
});
export type ImportReport = z.infer<typeof ImportReportSchema>;

/** The multipart field the file travels in (design.md section 2). */
export const IMPORT_FILE_FIELD = 'file';

/**
 * The import preview (design.md 7.7): `?dryRun=1` runs the import and applies nothing. Its
 * report is the real import's, plus `DryRun` and the first MAX_PREVIEW_CHANGES changes.
 */
export const DRY_RUN_OPTION = 'dryRun';
/** The one value `dryRun` takes (decision 045): any other is refused, so a typo never applies a file. */
export const DRY_RUN_VALUE = '1';
export const MAX_PREVIEW_CHANGES = 1000;

const ChangeValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const ImportFieldChangeSchema = z.object({
  Field: z.string(),
  /** null for an insert. */
  Before: ChangeValueSchema,
  After: ChangeValueSchema,
});
export type ImportFieldChange = z.infer<typeof ImportFieldChangeSchema>;

export const ImportChangeSchema = z.object({
  /** The file's line that would be applied for this key (the last one, when a key repeats). */
  Line: z.number().int().positive(),
  /** The record's key in words, as in Notes: 'Code BR-1105', 'Company Id 1001'. */
  Key: z.string(),
  Action: z.enum(['insert', 'update']),
  /** An insert lists every field; an update the fields that change. */
  Fields: z.array(ImportFieldChangeSchema),
});
export type ImportChange = z.infer<typeof ImportChangeSchema>;

export const ImportPreviewSchema = ImportReportSchema.extend({
  DryRun: z.literal(true),
  /** The first MAX_PREVIEW_CHANGES changes in file order; the counts above have them all. */
  Changes: z.array(ImportChangeSchema),
});
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;

export const isImportPreview = (r: ImportReport | ImportPreview): r is ImportPreview =>
  (r as ImportPreview).DryRun === true;
