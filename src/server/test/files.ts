/** Small real files for upload tests: each starts with its type's true signature, and the
 * pictures are real pictures. */
export const SAMPLE = {
  /** An 8×6 JPEG and an 8×8 PNG: pictures are decoded when stored (plugins/web-images.ts). */
  jpg: Buffer.from(
    '/9j/2wBDAAoHBwgHBgoICAgLCgoLDhgQDg0NDh0VFhEYIx8lJCIfIiEmKzcvJik0KSEiMEExNDk7Pj4+JS5ESUM8SDc9Pjv/2wBDAQoLCw4NDhwQEBw7KCIoOzs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozv/wAARCAAGAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCZAUgJ/9k=',
    'base64',
  ),
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAYAAADED76LAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVR4nGM4ISf3Hx9mGBkKAFNGgMHUn6b2AAAAAElFTkSuQmCC',
    'base64',
  ),
  webp: Buffer.from('UklGRjQAAABXRUJQVlA4ICgAAABwAQCdASoIAAgAAoBCJaACdAFAAAD+7v+b3LRSK/8gx/g1/mHzXAAA', 'base64'),
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
