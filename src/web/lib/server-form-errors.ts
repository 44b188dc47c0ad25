import { showApiErrorDialog } from '../components/dialogs/error-dialog';
import { isApiError } from './api-client';

/**
 * A failed save: the server's field errors (`Errors: [{ Field, Message }]`, 422) go under the
 * form's fields; anything else (or a field the form does not show) opens the error dialog.
 * `fieldMap` renames server fields to form fields (CutoffHours → CutoffTime).
 */
export function showSaveError(
  error: unknown,
  setFieldError: (field: string, message: string) => void,
  fields: readonly string[],
  fieldMap: Record<string, string> = {},
): void {
  let placed = false;
  if (isApiError(error)) {
    for (const { Field, Message } of error.Errors) {
      const field = fieldMap[Field] ?? Field;
      if (fields.includes(field)) {
        setFieldError(field, Message);
        placed = true;
      }
    }
  }
  if (!placed) void showApiErrorDialog(error);
}
