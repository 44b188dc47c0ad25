export {
  FileUpload,
  type FileUploadProps,
  ONE_FILE_MESSAGE,
  PREVIEW_LABEL,
  UPLOAD_LABEL,
} from './file-upload';
export { ImportChangesTable } from './import-changes-table';
export { type ImportColumn, ImportColumns, ImportFileRules } from './import-columns';
export { ImportReportView } from './import-report-view';
export { uploadImportFile } from './upload-file';
