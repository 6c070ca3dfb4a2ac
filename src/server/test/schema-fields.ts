import type { z } from 'zod';
import { type TextRule, textRules } from '../../domain/text.ts';

/** One string field found in a route's schema: where it sits, and the text rule it declares
 * (undefined when the field is a bare z.string(), which the input tests refuse). */
export interface StringField {
  path: (string | number)[];
  rule: TextRule | undefined;
}

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string>;
  values?: unknown[];
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schema inside wrappers that do not change the shape (optional, nullable, default, a
 * preprocess step). */
function unwrap(schema: z.ZodType): z.ZodType {
  const def = defOf(schema);
  if (def.innerType) return unwrap(def.innerType);
  if (def.type === 'pipe' && def.in && def.out) return unwrap(defOf(def.in).type === 'transform' ? def.out : def.in);
  return schema;
}

/** Every string leaf of a schema, walking objects, arrays and unions. Enums and literals are
 * closed sets, not free text, and are left out. */
export function stringFields(schema: z.ZodType, path: (string | number)[] = []): StringField[] {
  const inner = unwrap(schema);
  const def = defOf(inner);
  switch (def.type) {
    case 'string':
      return [{ path, rule: textRules.get(inner) }];
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([key, value]) => stringFields(value, [...path, key]));
    case 'array':
      return def.element ? stringFields(def.element, [...path, 0]) : [];
    case 'union':
      return (def.options ?? []).flatMap((option) => stringFields(option, path));
    default:
      return [];
  }
}

/** A value the schema's shape accepts: text 'Sample' (cut to its rule's maximum), the first
 * choice of an enum, true, 1, one element per list. The rules of the form may still refuse it. */
export function sampleValue(schema: z.ZodType): unknown {
  const inner = unwrap(schema);
  const def = defOf(inner);
  switch (def.type) {
    case 'string':
      return 'Sample'.slice(0, textRules.get(inner)?.max ?? 6);
    case 'object':
      return Object.fromEntries(Object.entries(def.shape ?? {}).map(([key, value]) => [key, sampleValue(value)]));
    case 'array':
      return def.element ? [sampleValue(def.element)] : [];
    case 'union':
      return def.options?.[0] ? sampleValue(def.options[0]) : null;
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'literal':
      return def.values?.[0];
    case 'boolean':
      return true;
    case 'number':
      return 1;
    default:
      return null;
  }
}

/** A copy of `value` with `replacement` at `path` (objects and arrays copied along the way). */
export function setAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head] = setAt(copy[head], rest, replacement);
  return copy;
}
