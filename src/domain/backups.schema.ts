import { z } from 'zod';

/** Backups of the embedded database (design.md 8.8). */

export const BackupFileSchema = z.object({
  /** 'backup-20261125-160000.tar.gz' (UTC), in BACKUP_DIR. */
  File: z.string(),
  Bytes: z.number().int(),
  TakenAt: z.string(),
});
export type BackupFile = z.infer<typeof BackupFileSchema>;

/** POST Backup's answer. */
export const BackupTakenSchema = BackupFileSchema.pick({ File: true, Bytes: true });

/** The dashboard's Backups card. */
export const BackupsStatusSchema = z.object({
  /** False on PostgreSQL: pg_dump backs it up, and the card says so. */
  Embedded: z.boolean(),
  Last: BackupFileSchema.nullable(),
  /** The last backup that failed since the process started, while none has succeeded after it. */
  LastFailure: z.object({ At: z.string(), Message: z.string() }).nullable(),
  /** Scheduled backups are on and the last is more than a day past its time (or there is none). */
  Late: z.boolean(),
});
export type BackupsStatus = z.infer<typeof BackupsStatusSchema>;
