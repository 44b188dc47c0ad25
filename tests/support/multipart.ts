import { randomBytes } from 'node:crypto';

/**
 * A multipart/form-data body with one file, built by hand (as a browser or an ERP script
 * sends it) for `app.inject` and for raw HTTP uploads.
 */
export function multipartFile(
  content: string | Uint8Array,
  opts: { fileName?: string; field?: string; contentType?: string } = {},
) {
  const boundary = `----bev${randomBytes(8).toString('hex')}`;
  const { head, tail } = multipartFrame(boundary, opts);
  const payload = Buffer.concat([head, typeof content === 'string' ? Buffer.from(content) : content, tail]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The bytes before and after the file's content, so a large file can be streamed between them. */
export function multipartFrame(
  boundary: string,
  opts: { fileName?: string; field?: string; contentType?: string } = {},
) {
  const head = Buffer.from(
    `--${boundary}\r\n` +
      `Content-Disposition: form-data; name="${opts.field ?? 'file'}"; filename="${opts.fileName ?? 'import.txt'}"\r\n` +
      `Content-Type: ${opts.contentType ?? 'text/plain'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { head, tail };
}
