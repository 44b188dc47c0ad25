import { Button, Group, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Dashboard } from '../../../../domain/dashboard.schema';
import { showApiErrorDialog } from '../../../components/dialogs/error-dialog';
import { IconCircleCheck, IconWarning } from '../../../components/icons';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { showSavedToast } from '../../../lib/saved-toast';
import { formatDateTime } from '../../order/date-format';
import { DashboardCard } from './dashboard-card';

/** '12.3 MB', '840 kB'. */
export function fileSize(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1000))} kB`;
}

/**
 * Backups of the embedded database (design.md 8.8): the last one's time and size, and Back up
 * now; a failed backup or one more than a day late needs attention. On PostgreSQL it says how.
 */
export function BackupsCard({ backups }: { backups: Dashboard['Backups'] }) {
  const queryClient = useQueryClient();
  const take = useMutation({
    mutationFn: () => apiFetch<{ File: string; Bytes: number }>('Backup', { method: 'POST' }),
    onSuccess: (taken) => {
      showSavedToast(`Backup ${taken.File} written (${fileSize(taken.Bytes)})`);
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard });
    },
    onError: (err) => {
      void showApiErrorDialog(err, 'Backup failed');
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard });
    },
  });
  if (!backups.Embedded)
    return (
      <DashboardCard title="Backups">
        <Text fz="sm">The database is PostgreSQL: back it up with pg_dump, as the README says.</Text>
      </DashboardCard>
    );
  const trouble = backups.LastFailure
    ? `The last backup failed at ${formatDateTime(backups.LastFailure.At)}: ${backups.LastFailure.Message}`
    : backups.Late
      ? 'Backups are more than a day late'
      : null;
  return (
    <DashboardCard title="Backups">
      <Group gap={8} mih={44} wrap="nowrap" fw={trouble ? 700 : undefined} data-testid="backup-status">
        {trouble ? <IconWarning size={18} aria-hidden /> : <IconCircleCheck size={18} aria-hidden />}
        <span>
          {backups.Last
            ? `Last backup ${formatDateTime(backups.Last.TakenAt)}, ${fileSize(backups.Last.Bytes)}`
            : 'No backup yet'}
        </span>
      </Group>
      {trouble && (
        <Text fz="sm" c="red.9" role="alert" data-testid="backup-trouble">
          {trouble}
        </Text>
      )}
      <Group>
        <Button variant="default" loading={take.isPending} onClick={() => take.mutate()}>
          Back up now
        </Button>
      </Group>
    </DashboardCard>
  );
}
