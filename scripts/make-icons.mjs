import { writeFileSync } from 'node:fs';
import sharp from 'sharp';

const dir = process.argv[2];
// a snow slope under a sky: the association's blue, a white run down it
const svg = (pad) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" role="img" aria-label="Piste"><title>Piste</title><rect width="512" height="512" rx="${pad ? 0 : 96}" fill="#1c6dd0"/><path d="M96 392 L256 128 L416 392 Z" fill="#ffffff"/><path d="M256 128 L304 207 L276 200 L256 232 L236 200 L208 207 Z" fill="#1c6dd0" opacity="0.35"/><path d="M170 392 C220 340 250 330 300 300" stroke="#1c6dd0" stroke-width="14" fill="none" stroke-linecap="round"/></svg>`;
writeFileSync(`${dir}/icon.svg`, svg(false));
const png = (size, pad) =>
  sharp(Buffer.from(svg(pad)))
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
writeFileSync(`${dir}/apple-touch-icon.png`, await png(180, true));
writeFileSync(`${dir}/icon-192.png`, await png(192, false));
writeFileSync(`${dir}/icon-512.png`, await png(512, false));
writeFileSync(`${dir}/icon-maskable-512.png`, await png(512, true));
// favicon.ico: an ICO directory of PNG images (16, 32, 48)
const sizes = [16, 32, 48];
const images = await Promise.all(sizes.map((s) => png(s, false)));
const header = Buffer.alloc(6 + 16 * sizes.length);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(sizes.length, 4);
let offset = header.length;
sizes.forEach((s, i) => {
  const e = 6 + 16 * i;
  header.writeUInt8(s, e);
  header.writeUInt8(s, e + 1);
  header.writeUInt8(0, e + 2);
  header.writeUInt8(0, e + 3);
  header.writeUInt16LE(1, e + 4);
  header.writeUInt16LE(32, e + 6);
  header.writeUInt32LE(images[i].length, e + 8);
  header.writeUInt32LE(offset, e + 12);
  offset += images[i].length;
});
writeFileSync(`${dir}/favicon.ico`, Buffer.concat([header, ...images]));
