/**
 * Regenerates the demo seed's pictures and document with the system Chromium:
 *   node src/server/db/demo-assets/generate.ts
 * Event images are JPG and logos PNG (the upload rules, doc 2 §5); each file stays small.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from 'playwright';

const DIR = import.meta.dirname;

const IMAGES: [file: string, from: string, to: string, title: string, sub: string][] = [
  ['slalom.jpg', '#0b3d91', '#6fb1fc', 'Winter Slalom', 'Gates, speed and snow'],
  ['giant-slalom.jpg', '#143d2e', '#7fd1ae', 'Giant Slalom', 'Open to every club'],
  ['parallel.jpg', '#5b1a6e', '#f29bd4', 'Parallel Race', 'Head to head'],
  ['show.jpg', '#7a2e0b', '#ffc46b', 'Snowsports Show', 'Meet the clubs'],
];

const LOGOS: [file: string, colour: string, letters: string][] = [
  ['logo-ersa.png', '#0b3d91', 'ERSA'],
  ['logo-hemel.png', '#c0392b', 'HEM'],
  ['logo-essex.png', '#16a085', 'ESX'],
  ['logo-schools.png', '#8e44ad', 'SCH'],
];

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const page = await browser.newPage();

for (const [file, from, to, title, sub] of IMAGES) {
  await page.setViewportSize({ width: 800, height: 450 });
  await page.setContent(`<html><body style="margin:0">
    <div style="width:800px;height:450px;background:linear-gradient(135deg,${from},${to});position:relative;
      font-family:sans-serif;color:#fff;overflow:hidden">
      <div style="position:absolute;left:-60px;bottom:-120px;width:980px;height:260px;background:#fff;opacity:.85;
        transform:rotate(-8deg);border-radius:50%"></div>
      <div style="position:absolute;left:48px;top:60px;font-size:64px;font-weight:700;
        text-shadow:0 3px 8px rgba(0,0,0,.35)">${title}</div>
      <div style="position:absolute;left:52px;top:150px;font-size:28px;opacity:.9">${sub}</div>
    </div></body></html>`);
  await writeFile(join(DIR, file), await page.screenshot({ type: 'jpeg', quality: 70 }));
}

for (const [file, colour, letters] of LOGOS) {
  await page.setViewportSize({ width: 240, height: 240 });
  await page.setContent(`<html><body style="margin:0;background:transparent">
    <div style="width:240px;height:240px;border-radius:50%;background:${colour};display:flex;align-items:center;
      justify-content:center;font-family:sans-serif;font-weight:800;font-size:${letters.length > 3 ? 58 : 72}px;
      color:#fff;box-sizing:border-box;border:10px solid #fff">${letters}</div></body></html>`);
  await writeFile(join(DIR, file), await page.screenshot({ type: 'png', omitBackground: true }));
}

await page.setContent(`<html><body style="font-family:sans-serif;padding:40px">
  <h1>Race Day Timetable</h1>
  <table style="border-collapse:collapse;font-size:18px">
    ${[
      ['08:00', 'Registration and bib collection'],
      ['08:45', 'Course inspection'],
      ['09:30', 'First run'],
      ['12:00', 'Lunch'],
      ['13:00', 'Second run'],
      ['16:00', 'Prize giving'],
    ]
      .map(([time, what]) => `<tr><td style="padding:6px 24px 6px 0"><b>${time}</b></td><td>${what}</td></tr>`)
      .join('')}
  </table>
  <p>Times are approximate and may change on the day.</p></body></html>`);
await writeFile(join(DIR, 'timetable.pdf'), await page.pdf({ format: 'A4' }));

await browser.close();
