import { z } from 'zod';
import { textField } from '../../domain/text.ts';

const PAGE_MESSAGE = 'The page must be a whole number from 1, written in digits.';

/** `?page=`: digits, from 1 (default 1). The people lists share it. */
export const Page = textField({ label: 'Page', max: 6, format: PAGE_MESSAGE })
  .pipe(
    z
      .string()
      .regex(/^[1-9]\d{0,5}$/, PAGE_MESSAGE)
      .transform(Number),
  )
  .optional()
  .transform((page) => page ?? 1);

/** `?search=`: up to 100 characters under the shared text rule. */
export const Search = textField({ label: 'Search', max: 100 }).optional();
