export { FileUpload, type FileUploadProps, ONE_FILE_MESSAGE, UPLOAD_LABEL } from './file-upload';
export { type ImportColumn, ImportColumns, ImportFileRules } from './import-columns';
export { ImportReportView } from './import-report-view';
export { uploadImportFile } from './upload-file';
