import '@mantine/dropzone/styles.css';
import { Box, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { type QueryKey, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useRef, useState } from 'react';
import type { ImportReport } from '../../../domain/imports.schema';
import { isApiError } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { IconCircleCheck, IconCircleX, IconFileImport, IconUpload } from '../icons';
import { ImportReportView } from './import-report-view';
import { uploadImportFile } from './upload-file';

/** Spec section 2's label for the single-file uploader. */
export const UPLOAD_LABEL = 'Add Import File and Upload';
export const ONE_FILE_MESSAGE = 'Only one file can be uploaded at a time.';

export interface FileUploadProps {
  /** The uploader's heading, e.g. 'Customer Items Import'. */
  title: string;
  /** The import endpoint, e.g. '/api/CustomerImport'. */
  url: string;
  /** The lists an upload changes: invalidated after every upload that answered a report. */
  invalidates: QueryKey[];
  /** What the file must hold (columns), shown above the drop area. */
  children?: ReactNode;
}

/** The last report of an import, with when it came. */
interface KeptReport {
  report: ImportReport;
  receivedAt: number;
}

/**
 * The last report of `url`'s imports, kept in the query cache (never fetched, never dropped)
 * so that it is still there when staff leave the screen and come back (issue 14). A new upload
 * replaces it; the logout's page load empties it with the rest of the cache (decision 030).
 */
function useKeptReport(url: string) {
  const queryClient = useQueryClient();
  const queryKey = queryKeys.importReport(url);
  const kept = useQuery<KeptReport | null>({
    queryKey,
    queryFn: skipToken,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  const keep = (report: ImportReport | null) => {
    const value: KeptReport | null = report ? { report, receivedAt: Date.now() } : null;
    queryClient.setQueryData<KeptReport | null>(queryKey, () => value);
  };
  return { kept: kept.data ?? null, keep };
}

/**
 * Spec section 4's import uploader: one file, status idle, uploading (with progress), uploaded
 * (the report) or failed (a negative icon and the reason). The last report stays until the
 * next upload, also after leaving the screen.
 */
export function FileUpload({ title, url, invalidates, children }: FileUploadProps) {
  const titleId = useId();
  const openRef = useRef<() => void>(null);
  const queryClient = useQueryClient();
  const { kept, keep } = useKeptReport(url);
  const [fileName, setFileName] = useState('');
  const [progress, setProgress] = useState(0);
  const [refusal, setRefusal] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (file: File) => uploadImportFile(url, file, { onProgress: setProgress }),
    // The status below is the feedback: no 'Please wait...' overlay, no error dialog.
    meta: { silent: true, errorDialog: false },
    onSuccess: (report) => {
      keep(report);
      return Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });

  // One file only: two dropped at once are both refused (the drop area alone would take the first).
  const onDropAny = (files: File[], rejections: FileRejection[]) => {
    if (upload.isPending) return;
    const all = [...files, ...rejections.map((r) => r.file)];
    const file = all[0];
    if (!file) return;
    // The next upload replaces the kept report, whatever it answers.
    keep(null);
    if (all.length > 1 || rejections.length > 0) {
      upload.reset();
      setFileName(all.length === 1 ? file.name : '');
      setRefusal(all.length > 1 ? ONE_FILE_MESSAGE : (rejections[0]?.errors[0]?.message ?? ONE_FILE_MESSAGE));
      return;
    }
    setRefusal(null);
    setFileName(file.name);
    setProgress(0);
    upload.mutate(file);
  };

  const failedReason =
    refusal ??
    (upload.isError ? (isApiError(upload.error) ? upload.error.ErrorMessage : String(upload.error)) : null);

  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p={{ base: 'sm', xs: 'md' }} radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {title}
        </Title>
        {children}
        <Dropzone
          onDrop={() => {}}
          onDropAny={onDropAny}
          multiple={false}
          maxFiles={1}
          disabled={upload.isPending}
          openRef={openRef}
          activateOnClick={false}
          inputProps={{ 'aria-label': `${title} file` }}
          p="md"
        >
          <Group justify="center" gap="sm" mih={64} style={{ pointerEvents: 'none' }} wrap="nowrap">
            <IconFileImport size={32} color="var(--mantine-color-gray-7)" />
            <Text fz="sm" c="dimmed">
              Drop one tab-separated file here, or use the button below.
            </Text>
          </Group>
        </Dropzone>
        <Group justify="flex-start">
          <Button
            leftSection={<IconUpload size={18} />}
            onClick={() => openRef.current?.()}
            loading={upload.isPending}
          >
            {UPLOAD_LABEL}
          </Button>
        </Group>
        <Box aria-live="polite">
          <UploadStatus
            status={upload.isPending ? 'uploading' : failedReason ? 'failed' : kept ? 'uploaded' : 'idle'}
            fileName={fileName}
            progress={progress}
            reason={failedReason}
            report={kept?.report}
            receivedAt={kept?.receivedAt}
          />
        </Box>
      </Stack>
    </Paper>
  );
}

export type UploadStatusValue = 'idle' | 'uploading' | 'uploaded' | 'failed';

interface UploadStatusProps {
  status: UploadStatusValue;
  fileName: string;
  progress: number;
  reason: string | null;
  report: ImportReport | undefined;
  receivedAt: number | undefined;
}

const timeOfDay = (ms: number) =>
  new Date(ms).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

function UploadStatus({ status, fileName, progress, reason, report, receivedAt }: UploadStatusProps) {
  if (status === 'idle') return null;
  if (status === 'uploading') {
    const pct = Math.round(progress * 100);
    return (
      <Stack gap={4}>
        <Text fz="sm">
          {pct < 100 ? `Uploading ${fileName}: ${pct}%` : `Importing ${fileName}, please wait...`}
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
              at {timeOfDay(receivedAt)}
            </Text>
          )}
        </Text>
      </Group>
      {report && <ImportReportView report={report} />}
    </Stack>
  );
}
