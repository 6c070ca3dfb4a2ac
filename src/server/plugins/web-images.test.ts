import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { SAMPLE } from '../test/files.ts';
import { useTestApp } from '../test/helper.ts';
import { storedBytes, storedNames } from '../test/stored-files.ts';
import { checkUpload, removeFiles, storeFiles } from './storage.ts';
import { CARD_IMAGE_WIDTH, CARD_LOGO_WIDTH, MAX_IMAGE_PIXELS, TOO_MANY_PIXELS, WEB_IMAGE_EDGE } from './web-images.ts';

const t = useTestApp();

/** A camera's photo: 4000×3000, stored on its side (EXIF orientation 6), with GPS in its EXIF. */
async function cameraPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 4000, height: 3000, channels: 3, background: { r: 40, g: 110, b: 170 } } })
    .jpeg({ quality: 95 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Make: 'Camera' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
    .toBuffer();
}

/** Stores one checked picture the way every upload route does; returns its key. */
async function store(bytes: Buffer, kind: 'eventImage' | 'eventLogo' | 'picture', filename: string): Promise<string> {
  const file = checkUpload({ field: 'image', filename, bytes }, kind);
  return storeFiles(t.app.ctx, { image: file }, async (keys) => keys.image as string);
}

const onDisk = async (name: string) => (await storedBytes(t.app, name)) ?? Buffer.alloc(0);
const files = () => storedNames(t.app);
/** The files added since `before`. */
const added = async (before: string[]) => (await files()).filter((name) => !before.includes(name));

async function refusalOf(work: Promise<unknown>): Promise<AppError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('web copies of uploaded pictures', () => {
  it('sends a 4000×3000 camera photo upright, at most 1600 px, without its EXIF; keeps the original unserved', async () => {
    const photo = await cameraPhoto();
    const key = await store(photo, 'eventImage', 'race.jpg');

    const res = await t.app.inject({ method: 'GET', url: `/media/${key}` });
    expect(res.statusCode).toBe(200);
    const sent = await sharp(res.rawPayload).metadata();
    // turned upright: the 4000×3000 sensor image stood on its side is 1200×1600
    expect(sent).toMatchObject({ format: 'jpeg', width: 1200, height: WEB_IMAGE_EDGE });
    expect(sent.exif).toBeUndefined();
    expect(sent.orientation).toBeUndefined();
    expect(res.rawPayload.length).toBeLessThan(photo.length);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);

    const original = key.replace('.jpg', '.original.jpg');
    expect((await onDisk(original)).equals(photo)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/media/${original}` })).statusCode).toBe(404);
  });

  it('narrows a wide PNG to 1600 px and leaves a small one exactly as it came', async () => {
    const wide = await sharp({ create: { width: 2400, height: 300, channels: 4, background: '#c02020' } })
      .png()
      .toBuffer();
    const wideKey = await store(wide, 'eventLogo', 'banner.png');
    expect(await sharp(await onDisk(wideKey)).metadata()).toMatchObject({ format: 'png', width: 1600, height: 200 });

    const smallKey = await store(SAMPLE.png, 'eventLogo', 'logo.png');
    expect((await onDisk(smallKey)).equals(SAMPLE.png)).toBe(true);
    expect(await files()).not.toContain(smallKey.replace('.png', '.original.png'));
  });

  it('makes WebP pictures smaller too, in their own format', async () => {
    const big = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#208040' } })
      .webp()
      .toBuffer();
    const key = await store(big, 'picture', 'slope.webp');
    expect(key).toMatch(/\.webp$/);
    expect(await sharp(await onDisk(key)).metadata()).toMatchObject({ format: 'webp', width: 1600, height: 1067 });
  });

  it('refuses a file that only starts like a JPEG, with the kind’s message, and writes nothing', async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF not a picture')]);
    const before = await files();
    const error = await refusalOf(store(fake, 'eventImage', 'fake.jpg'));
    expect(error.status).toBe(400);
    expect(error.fields).toEqual({ image: ['Please select a JPG file for the image.'] });
    expect(await added(before)).toEqual([]);
  });

  it('refuses a picture of more than 40 megapixels (a small file can unpack into gigabytes)', async () => {
    const side = Math.ceil(Math.sqrt(MAX_IMAGE_PIXELS)) + 1;
    const bomb = await sharp({ create: { width: side, height: side, channels: 3, background: '#ffffff' } })
      .jpeg({ quality: 10 })
      .toBuffer();
    const before = await files();
    const error = await refusalOf(store(bomb, 'eventImage', 'huge.jpg'));
    expect(error.fields).toEqual({ image: [TOO_MANY_PIXELS] });
    expect(await added(before)).toEqual([]);
  });

  it('removes the original with the picture', async () => {
    const before = await files();
    const key = await store(await cameraPhoto(), 'eventImage', 'race.jpg');
    expect(await added(before)).toEqual([key.replace('.jpg', '.original.jpg'), key].sort());
    await removeFiles(t.app.ctx, t.app.ctx.db, [key]);
    expect(await added(before)).toEqual([]);
  });

  it('tags a stored file by its key and answers 304 to a browser that has it', async () => {
    const key = await store(SAMPLE.jpg, 'eventImage', 'a.jpg');
    const first = await t.app.inject({ method: 'GET', url: `/media/${key}` });
    expect(first.headers.etag).toBe(`"${key}"`);
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const again = await t.app.inject({ method: 'GET', url: `/media/${key}`, headers: { 'if-none-match': `"${key}"` } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('card copies (what an event card shows)', () => {
  /** Stores one checked event picture with its card copy; returns both keys. */
  async function storeWithCard(bytes: Buffer, filename: string): Promise<{ image: string; card: string }> {
    const file = checkUpload({ field: 'image', filename, bytes }, 'eventImage');
    return storeFiles(
      t.app.ctx,
      { image: file },
      async (keys) => ({ image: keys.image as string, card: keys.image_card as string }),
      { cardCopies: { image: CARD_IMAGE_WIDTH } },
    );
  }

  it('makes an 800 px WebP of a camera photo, upright and without EXIF, served as image/webp', async () => {
    const photo = await cameraPhoto();
    const { image, card } = await storeWithCard(photo, 'race.jpg');
    expect(card).toMatch(/^[a-f0-9]{32}\.webp$/);
    expect(card.replace('.webp', '')).not.toBe(image.replace('.jpg', ''));

    const res = await t.app.inject({ method: 'GET', url: `/media/${card}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    const sent = await sharp(res.rawPayload).metadata();
    // upright: the sensor's 4000×3000 on its side is 3000 wide by 4000 high, narrowed to 800 wide
    expect(sent).toMatchObject({ format: 'webp', width: CARD_IMAGE_WIDTH, height: 1067 });
    expect(sent.exif).toBeUndefined();
    const web = await t.app.inject({ method: 'GET', url: `/media/${image}` });
    expect(res.rawPayload.length).toBeLessThan(web.rawPayload.length);
  });

  it('makes a logo a small WebP that keeps its transparency', async () => {
    const logo = await sharp({
      create: { width: 1000, height: 1000, channels: 4, background: { r: 200, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const file = checkUpload({ field: 'logo', filename: 'club.png', bytes: logo }, 'eventLogo');
    const card = await storeFiles(t.app.ctx, { logo: file }, async (keys) => keys.logo_card as string, {
      cardCopies: { logo: CARD_LOGO_WIDTH },
    });
    expect(await sharp(await onDisk(card)).metadata()).toMatchObject({
      format: 'webp',
      width: CARD_LOGO_WIDTH,
      height: CARD_LOGO_WIDTH,
      hasAlpha: true,
    });
  });

  it('keeps a narrow picture at its own width (never enlarged)', async () => {
    const { card } = await storeWithCard(SAMPLE.jpg, 'small.jpg');
    expect(await sharp(await onDisk(card)).metadata()).toMatchObject({ format: 'webp', width: 8, height: 6 });
  });

  it('is made only for the fields asked for, and removed with the rest', async () => {
    const before = await files();
    const key = await store(await cameraPhoto(), 'eventImage', 'race.jpg');
    // the picture and its original: no card copy unless asked
    expect(await added(before)).toHaveLength(2);
    const { image, card } = await storeWithCard(SAMPLE.jpg, 'small.jpg');
    expect(await added(before)).toHaveLength(5);
    await removeFiles(t.app.ctx, t.app.ctx.db, [key, image, card]);
    expect(await added(before)).toEqual([]);
  });
});
