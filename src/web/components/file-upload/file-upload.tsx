import '@mantine/dropzone/styles.css';
import { Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { type QueryKey, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useRef, useState } from 'react';
import { type ImportPreview, type ImportReport, isImportPreview } from '../../../domain/imports.schema';
import { isApiError } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { IconEye, IconFileImport, IconUpload } from '../icons';
import { uploadImportFile } from './upload-file';
import { UploadStatus } from './upload-status';

/** Spec section 2's label for the single-file uploader. */
export const UPLOAD_LABEL = 'Add Import File and Upload';
export const ONE_FILE_MESSAGE = 'Only one file can be uploaded at a time.';
/** Design.md 7.7: a file previewed first, then applied with the preview's Apply. */
export const PREVIEW_LABEL = 'Preview Import File';

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
 * next upload, also after leaving the screen. Design.md 7.7's preview: a file chosen with
 * Preview is sent with `dryRun=1`; its report and changes show with Apply, which sends the same
 * file for real, and Discard. A file dropped or chosen with the spec's button is applied at once.
 */
export function FileUpload({ title, url, invalidates, children }: FileUploadProps) {
  const titleId = useId();
  const openRef = useRef<() => void>(null);
  const queryClient = useQueryClient();
  const { kept, keep } = useKeptReport(url);
  const [fileName, setFileName] = useState('');
  const [progress, setProgress] = useState(0);
  const [refusal, setRefusal] = useState<string | null>(null);
  // The file a preview was made of, with its preview, until it is applied or discarded.
  const [previewed, setPreviewed] = useState<{ file: File; preview: ImportPreview } | null>(null);
  // What the next chosen file is for: the file chooser answers through the drop area.
  const choosingFor = useRef<'upload' | 'preview'>('upload');
  const upload = useMutation({
    mutationFn: ({ file, dryRun }: { file: File; dryRun: boolean }) =>
      uploadImportFile(url, file, { onProgress: setProgress, dryRun }),
    // The status below is the feedback: no 'Please wait...' overlay, no error dialog.
    meta: { silent: true, errorDialog: false },
    onSuccess: (report, { file }) => {
      if (isImportPreview(report)) {
        setPreviewed({ file, preview: report });
        return;
      }
      keep(report);
      return Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
  const send = (file: File, dryRun: boolean) => {
    setRefusal(null);
    setPreviewed(null);
    setFileName(file.name);
    setProgress(0);
    upload.mutate({ file, dryRun });
  };
  const choose = (purpose: 'upload' | 'preview') => {
    choosingFor.current = purpose;
    openRef.current?.();
  };

  // One file only: two dropped at once are both refused (the drop area alone would take the first).
  const onDropAny = (files: File[], rejections: FileRejection[]) => {
    if (upload.isPending) return;
    const dryRun = choosingFor.current === 'preview';
    choosingFor.current = 'upload';
    const all = [...files, ...rejections.map((r) => r.file)];
    const file = all[0];
    if (!file) return;
    // The next upload replaces the kept report, whatever it answers (a preview leaves it).
    if (!dryRun) keep(null);
    if (all.length > 1 || rejections.length > 0) {
      upload.reset();
      setPreviewed(null);
      setFileName(all.length === 1 ? file.name : '');
      setRefusal(all.length > 1 ? ONE_FILE_MESSAGE : (rejections[0]?.errors[0]?.message ?? ONE_FILE_MESSAGE));
      return;
    }
    send(file, dryRun);
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
          onFileDialogCancel={() => {
            choosingFor.current = 'upload';
          }}
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
              Drop one tab-separated file here to import it, or use a button below.
            </Text>
          </Group>
        </Dropzone>
        <Group justify="flex-start" gap="sm">
          <Button
            leftSection={<IconUpload size={18} />}
            onClick={() => choose('upload')}
            loading={upload.isPending}
          >
            {UPLOAD_LABEL}
          </Button>
          <Button
            variant="default"
            leftSection={<IconEye size={18} />}
            onClick={() => choose('preview')}
            disabled={upload.isPending}
          >
            {PREVIEW_LABEL}
          </Button>
        </Group>
        <Box aria-live="polite">
          <UploadStatus
            status={
              upload.isPending
                ? 'uploading'
                : failedReason
                  ? 'failed'
                  : previewed
                    ? 'previewed'
                    : kept
                      ? 'uploaded'
                      : 'idle'
            }
            fileName={fileName}
            progress={progress}
            previewing={upload.isPending && upload.variables?.dryRun === true}
            reason={failedReason}
            report={kept?.report}
            receivedAt={kept?.receivedAt}
            preview={previewed?.preview}
            onApply={() => {
              if (!previewed) return;
              keep(null);
              send(previewed.file, false);
            }}
            onDiscard={() => setPreviewed(null)}
          />
        </Box>
      </Stack>
    </Paper>
  );
}
