/** One file part: under `field` (default `profile.image`), named `name`. */
export interface FormFile {
  field?: string;
  name: string;
  bytes: Buffer;
  type: string;
}

/** A multipart/form-data body as a browser sends it: text fields, then the file if given. */
export function multipartForm(fields: Record<string, string>, file?: FormFile) {
  const boundary = '----recipehub-test-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'profile.image'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
