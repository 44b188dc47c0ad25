import { Box, Button, Group, Progress, Stack, Text } from '@mantine/core';
import type { ImportPreview, ImportReport } from '../../../domain/imports.schema';
import { formatTimeOfDay } from '../../features/order/date-format';
import { IconCircleCheck, IconCircleX, IconFileImport } from '../icons';
import { ImportChangesTable } from './import-changes-table';
import { ImportReportView } from './import-report-view';

export type UploadStatusValue = 'idle' | 'uploading' | 'previewed' | 'uploaded' | 'failed';

interface UploadStatusProps {
  status: UploadStatusValue;
  fileName: string;
  progress: number;
  /** Whether the upload under way is a preview. */
  previewing: boolean;
  reason: string | null;
  report: ImportReport | undefined;
  receivedAt: number | undefined;
  preview: ImportPreview | undefined;
  onApply: () => void;
  onDiscard: () => void;
}

export function UploadStatus(props: UploadStatusProps) {
  const { status, fileName, progress, previewing, reason, report, receivedAt, preview } = props;
  if (status === 'idle') return null;
  if (status === 'uploading') {
    const pct = Math.round(progress * 100);
    return (
      <Stack gap={4}>
        <Text fz="sm">
          {pct < 100
            ? `Uploading ${fileName}: ${pct}%`
            : `${previewing ? 'Previewing' : 'Importing'} ${fileName}, please wait...`}
        </Text>
        <Progress value={pct} animated={pct >= 100} aria-label={`Upload of ${fileName}`} />
      </Stack>
    );
  }
  if (status === 'failed') {
    return (
      <Group gap="sm" wrap="nowrap" align="flex-start" role="alert">
        <Box c="red.9" role="img" aria-label="Failed" lh={0}>
          <IconCircleX size={28} />
        </Box>
        <Box style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          <Text fw={600}>{fileName ? `${fileName}: failed` : 'Upload failed'}</Text>
          <Text fz="sm">{reason}</Text>
        </Box>
      </Group>
    );
  }
  if (status === 'previewed' && preview) {
    return (
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Box c="blue.9" role="img" aria-label="Preview" lh={0}>
            <IconFileImport size={28} />
          </Box>
          <Box style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            <Text fw={600}>{preview.FileName || fileName}: preview</Text>
            <Text fz="sm">Nothing has been applied yet. This is what Apply would do:</Text>
          </Box>
        </Group>
        <ImportReportView report={preview} />
        <ImportChangesTable preview={preview} />
        <Group gap="sm">
          <Button onClick={props.onApply}>Apply</Button>
          <Button variant="default" onClick={props.onDiscard}>
            Discard
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="nowrap">
        <Box c="green.9" role="img" aria-label="Uploaded" lh={0}>
          <IconCircleCheck size={28} />
        </Box>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {report?.FileName || fileName}: uploaded
          {receivedAt !== undefined && (
            <Text span fz="sm" fw={400} c="dimmed">
              {' '}
              at {formatTimeOfDay(receivedAt)}
            </Text>
          )}
        </Text>
      </Group>
      {report && <ImportReportView report={report} />}
    </Stack>
  );
}
