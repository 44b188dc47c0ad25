import {
  DRY_RUN_OPTION,
  DRY_RUN_VALUE,
  IMPORT_FILE_FIELD,
  type ImportPreview,
  type ImportReport,
} from '../../../domain/imports.schema';
import { ApiError, apiUrl } from '../../lib/api-client';
import { NO_CONNECTION_MESSAGE } from '../../lib/messages';

export interface UploadOptions {
  /** Called as the file goes up, with the part sent from 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** A preview (design.md 7.7): the server answers what the import would do and applies nothing. */
  dryRun?: boolean;
}

/** Messages for refusals that came without the API's error body (a proxy's page, say). */
const fallbackMessages: Record<number, string> = {
  413: 'The file is too large to upload.',
  415: 'The upload must be a single file sent as a form.',
  422: 'The file could not be read.',
};

function errorFrom(status: number, text: string): ApiError {
  let body: { ErrorMessage?: unknown; Errors?: unknown } = {};
  try {
    body = JSON.parse(text) ?? {};
  } catch {
    // Not JSON: the fallback message below.
  }
  const message =
    typeof body.ErrorMessage === 'string' && body.ErrorMessage !== ''
      ? body.ErrorMessage
      : status >= 500
        ? NO_CONNECTION_MESSAGE
        : (fallbackMessages[status] ?? `The upload failed (${status}).`);
  return new ApiError(status, message, Array.isArray(body.Errors) ? body.Errors : []);
}

/**
 * Sends one file to an import endpoint (multipart, field `file`) and resolves with its report
 * (a preview's with `dryRun`).
 * XMLHttpRequest rather than `fetch`: only XHR reports upload progress. Same origin, so the
 * session cookie goes with it. Rejects with `ApiError` like `apiFetch` (Status 0: no answer).
 */
export function uploadImportFile(
  path: string,
  file: File,
  options: UploadOptions = {},
): Promise<ImportReport | ImportPreview> {
  const { onProgress, signal, dryRun } = options;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(dryRun ? `${path}?${DRY_RUN_OPTION}=${DRY_RUN_VALUE}` : path));
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as ImportReport | ImportPreview);
        } catch {
          reject(new ApiError(xhr.status, 'The server answered with an unreadable report.'));
        }
        return;
      }
      reject(errorFrom(xhr.status, xhr.responseText));
    };
    xhr.onerror = () => reject(new ApiError(0, NO_CONNECTION_MESSAGE));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });

    const body = new FormData();
    body.append(IMPORT_FILE_FIELD, file, file.name);
    xhr.send(body);
  });
}
