/** A LIKE pattern for text containing `text` (lower-cased by the caller): `%`, `_` and `\` in a
 * search are the letters typed, not patterns. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
