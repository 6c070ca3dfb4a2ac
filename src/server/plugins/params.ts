import { z } from 'zod';
import { textField } from '../../domain/text.ts';

export const ID_MESSAGE = 'The id must be a whole number from 1, written in digits.';

/** `{id}` in a path: digits only (no `1e3`, `01`, `2.0`), a positive number that fits the id
 * column, under the shared text rule like every other string a client sends. One schema for every
 * route with an id. */
export const Id = textField({ label: 'Id', max: 10, format: ID_MESSAGE }).pipe(
  z
    .string()
    .regex(/^[1-9]\d{0,9}$/, ID_MESSAGE)
    .transform(Number)
    .refine((n) => n <= 2_147_483_647, ID_MESSAGE),
);

export const IdParams = z.object({ id: Id });
