/** Small real files for upload tests: each starts with its type's true signature. */
export const SAMPLE = {
  jpg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0 sample jpeg body')]),
  png: Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from('\0\0\0\rIHDR sample'),
  ]),
  pdf: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
  doc: Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(64, 1)]),
  docx: Buffer.concat([
    Buffer.from([0x50, 0x4b, 0x03, 0x04]),
    Buffer.from('....[Content_Types].xml word/document.xml'),
  ]),
  txt: Buffer.from('Race day timetable\nNumbers from 8:30.\n'),
  /** A Windows executable: what a renamed `.exe` really is. */
  exe: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62, 0), Buffer.from('This program cannot be run in DOS mode')]),
};

/** A multipart/form-data body for app.inject: text fields and files. */
export function multipart(
  fields: Record<string, string>,
  files: Record<string, { filename: string; bytes: Buffer; type?: string }> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----piste${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const [name, file] of Object.entries(files)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.filename}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
