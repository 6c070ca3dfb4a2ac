/**
 * Money (decisions.md): stored as integer pence, sent by the API as a string with two decimals
 * ('25.50'), shown as '£25.50', and a price of 0 is FREE everywhere.
 */

/** Digits with an optional decimal point and at most 2 decimals (doc 2 §5). */
export const PRICE_PATTERN = /^\d+(\.\d{1,2})?$/;

/** The dearest price an event may have, in pence (£10,000.00): far above any entry fee, well
 * inside the database's integer. */
export const MAX_PRICE_PENCE = 1_000_000;

/** '25' → 2500, '25.5' → 2550, '0.00' → 0; anything else (signs, commas, '£', three decimals,
 * blanks) → null. Whitespace around the number is ignored. */
export function parsePrice(text: string): number | null {
  const value = text.trim();
  if (!PRICE_PATTERN.test(value)) return null;
  const [pounds = '0', decimals = ''] = value.split('.');
  const pence = Number(pounds) * 100 + Number(decimals.padEnd(2, '0'));
  return Number.isSafeInteger(pence) ? pence : null;
}

/** 2550 → '25.50': the form the API sends. */
export function formatPrice(pence: number): string {
  const whole = Math.round(pence);
  const sign = whole < 0 ? '-' : '';
  const abs = Math.abs(whole);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * What a visitor sees: 'FREE' for 0, otherwise '£25.50'. A number is pence; a string is the API's
 * pounds form ('25.50', '0', '0.00'). A string that is not a price shows as '£0.00', as the cart
 * does with an invalid total (doc 1 §3).
 */
export function displayPrice(price: number | string): string {
  const pence = typeof price === 'number' ? Math.round(price) : parsePrice(price);
  if (pence === null || !Number.isFinite(pence)) return '£0.00';
  if (pence === 0) return 'FREE';
  return `£${formatPrice(pence)}`;
}

/** Whether a price (pence or the API's string) is free. */
export function isFree(price: number | string): boolean {
  return (typeof price === 'number' ? Math.round(price) : parsePrice(price)) === 0;
}
