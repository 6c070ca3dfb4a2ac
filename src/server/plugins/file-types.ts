/**
 * What an upload may be, judged by its content (magic bytes), never by its name or the type the
 * browser claims. Each kind lists its accepted types, its size limit and the message that
 * refuses anything else.
 */
export interface FileType {
  ext: string;
  mime: string;
  /** Whether the bytes really are this type. */
  matches(bytes: Buffer): boolean;
  /** Served inline (images) or as a download (PDFs, office documents, text). */
  inline: boolean;
  /** Text: markup in it is text too. Any other type must not also be a web page. */
  text?: boolean;
}

const startsWith = (bytes: Buffer, signature: number[]) => signature.every((b, i) => bytes[i] === b);

const JPG: FileType = {
  ext: 'jpg',
  mime: 'image/jpeg',
  inline: true,
  matches: (b) => startsWith(b, [0xff, 0xd8, 0xff]),
};
const PNG: FileType = {
  ext: 'png',
  mime: 'image/png',
  inline: true,
  matches: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
};
const WEBP: FileType = {
  ext: 'webp',
  mime: 'image/webp',
  inline: true,
  matches: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};
const PDF: FileType = {
  ext: 'pdf',
  mime: 'application/pdf',
  inline: false,
  matches: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-',
};
/** Word 97-2003: an OLE2 compound file. */
const DOC: FileType = {
  ext: 'doc',
  mime: 'application/msword',
  inline: false,
  matches: (b) => startsWith(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
};
/** Word 2007+: a zip holding word/ parts. */
const DOCX: FileType = {
  ext: 'docx',
  mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  inline: false,
  matches: (b) => startsWith(b, [0x50, 0x4b, 0x03, 0x04]) && b.includes('word/', 0, 'latin1'),
};
/** Plain text: valid UTF-8 with no NUL bytes (an executable or archive is neither). */
const TXT: FileType = {
  ext: 'txt',
  mime: 'text/plain; charset=utf-8',
  inline: false,
  text: true,
  matches: (b) => {
    if (b.length === 0 || b.includes(0)) return false;
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(b);
      return true;
    } catch {
      return false;
    }
  },
};

export interface FileKind {
  types: FileType[];
  maxBytes: number;
  /** Said when the content is none of the types. */
  wrongType: string;
  /** Said when the file is larger than maxBytes. */
  tooLarge: string;
}

const MB = 1024 * 1024;

export const FILE_KINDS = {
  /** Event image: jpg only (doc 2 §5). */
  eventImage: {
    types: [JPG],
    maxBytes: 5 * MB,
    wrongType: 'Please select a JPG file for the image.',
    tooLarge: 'The image must be 5 MB or smaller.',
  },
  /** Event logo: png only (doc 2 §5). */
  eventLogo: {
    types: [PNG],
    maxBytes: 2 * MB,
    wrongType: 'Please select a PNG file for the logo.',
    tooLarge: 'The logo must be 2 MB or smaller.',
  },
  /** Booking documents: pdf, doc, docx, txt. */
  bookingDocument: {
    types: [PDF, DOC, DOCX, TXT],
    maxBytes: 10 * MB,
    wrongType: 'Please select a PDF, DOC, DOCX or TXT file.',
    tooLarge: 'The document must be 10 MB or smaller.',
  },
  /** Organisation documents: pdf only. */
  organizationDocument: {
    types: [PDF],
    maxBytes: 10 * MB,
    wrongType: 'Please select a PDF file.',
    tooLarge: 'The document must be 10 MB or smaller.',
  },
  /** Photos, slope images and maps. */
  picture: {
    types: [JPG, PNG, WEBP],
    maxBytes: 5 * MB,
    wrongType: 'Please select a JPG, PNG or WEBP image.',
    tooLarge: 'The image must be 5 MB or smaller.',
  },
} satisfies Record<string, FileKind>;

export type FileKindName = keyof typeof FILE_KINDS;

/** The largest file any kind accepts: the multipart parser's own hard limit. */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(FILE_KINDS).map((k) => k.maxBytes));

/** How far into a file browsers look when they sniff its type: the MIME Sniffing standard's
 * resource header (1445 bytes). */
export const SNIFF_BYTES = 1445;

/** The start of an HTML element a browser would render or run: a page, a script, a frame, an
 * SVG. An image's XMP metadata (`<x:xmpmeta>`, `<rdf:…>`, `<dc:title>`) does not match. */
const HTML_START = /<(?:!doctype\s+html|html|head|body|script|iframe|frame|object|embed|svg|style|title)[\s/>]/i;

/** True when markup starts within the bytes a browser sniffs. */
export function startsHtmlWhereSniffed(bytes: Buffer): boolean {
  const match = HTML_START.exec(bytes.subarray(0, SNIFF_BYTES + 16).toString('latin1'));
  return match !== null && match.index < SNIFF_BYTES;
}

/**
 * The kind's type these bytes are, or undefined. A file whose signature says one type while its
 * first bytes also hold HTML is two kinds at once — a polyglot a browser might render as a page —
 * and is refused outright, not tried as the kind's next type (a PDF-and-page is not let in as text).
 */
export function detectType(kind: FileKind, bytes: Buffer): FileType | undefined {
  const type = kind.types.find((t) => t.matches(bytes));
  if (type && !type.text && startsHtmlWhereSniffed(bytes)) return undefined;
  return type;
}

export function typeByExt(ext: string): FileType | undefined {
  return [JPG, PNG, WEBP, PDF, DOC, DOCX, TXT].find((t) => t.ext === ext);
}
