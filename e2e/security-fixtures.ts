import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import jsQR from 'jsqr';
import { expect } from './fixtures.ts';

/** Serious and critical axe findings inside the given part of the page. */
export async function axeProblems(page: Page, selector: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).include(selector).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The setup QR code's text (issue 37): the image's pixels read in the browser, decoded here
 * (jsQR), as a phone's camera would. */
export async function scanQrCode(page: Page): Promise<string> {
  const image = page.getByRole('img', { name: /^QR code of the setup address/ });
  await expect(image).toBeVisible();
  const pixels = await image.evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.drawImage(img, 0, 0);
    const data = context.getImageData(0, 0, canvas.width, canvas.height);
    return { width: data.width, height: data.height, rgba: Array.from(data.data) };
  });
  const found = jsQR(Uint8ClampedArray.from(pixels.rgba), pixels.width, pixels.height);
  if (!found) throw new Error('the QR code could not be read');
  return found.data;
}
