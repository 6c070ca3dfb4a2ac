/**
 * Makes the web copy of one uploaded picture, in a process of its own (web-images.ts starts it:
 * `node image-worker.ts|js <ext> <edge> <max pixels>`, the picture on stdin). With `card` for
 * <ext> it makes the card copy instead: `<edge>` pixels wide at most, always WebP (what an event
 * card shows, docs/decisions/0045). sharp and libvips
 * never load into the server: they held ~20 MB there for the life of the process after the first
 * picture (docs/decisions/0036-memory.md), and a picture that crashes libvips ends this process,
 * not the server.
 *
 * Answers: exit 0 with the web copy on stdout, or nothing on stdout when the picture is sent as it
 * is; exit TOO_MANY_PIXELS_EXIT when it has more pixels than allowed; exit UNDECODABLE_EXIT when
 * it is no picture libvips can read.
 */
import { Buffer } from 'node:buffer';
import { TOO_MANY_PIXELS_EXIT, UNDECODABLE_EXIT } from './image-worker-codes.ts';

/** Pictures this size or smaller, already within the edge, are sent as they are (PNG and WebP;
 * a JPEG is always made again, for its metadata). */
const SMALL_BYTES = 300 * 1024;
/** WebP quality of a card copy: a photograph or a drawing at 800 px is about half its JPEG at 82. */
const CARD_QUALITY = 75;

async function main(): Promise<void> {
  const [ext = '', edgeText = '', maxPixelsText = ''] = process.argv.slice(2);
  const edge = Number(edgeText);
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  const { default: sharp } = await import('sharp');
  try {
    const image = sharp(bytes, { limitInputPixels: Number(maxPixelsText), failOn: 'error' });
    if (ext === 'card') {
      const card = await image
        .rotate()
        .resize({ width: edge, withoutEnlargement: true })
        .webp({ quality: CARD_QUALITY })
        .toBuffer();
      await new Promise<void>((resolve, reject) => process.stdout.write(card, (e) => (e ? reject(e) : resolve())));
      return;
    }
    const { width = 0, height = 0, orientation } = await image.metadata();
    const fits = Math.max(width, height) <= edge;
    if (ext !== 'jpg' && fits && bytes.length <= SMALL_BYTES && !orientation) return;
    const upright = image.rotate().resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true });
    const web =
      ext === 'jpg'
        ? await upright.jpeg({ quality: 82, mozjpeg: true }).toBuffer()
        : ext === 'png'
          ? await upright.png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer()
          : await upright.webp({ quality: 82 }).toBuffer();
    await new Promise<void>((resolve, reject) => process.stdout.write(web, (e) => (e ? reject(e) : resolve())));
  } catch (error) {
    process.exitCode =
      error instanceof Error && /pixel limit/i.test(error.message) ? TOO_MANY_PIXELS_EXIT : UNDECODABLE_EXIT;
  }
}

await main();
