import { z } from 'zod/mini';

export const pageInfoSchema = z.looseObject({
  has_more: z.boolean(),
  /** Absent on the last page. Opaque: never parse it, never send it with the other ordering. */
  next_cursor: z.optional(z.string()),
});
export type PageInfo = z.infer<typeof pageInfoSchema>;

/** A list response: `{data: [...], page: {has_more, next_cursor?}}`. */
export function listSchema<Item extends z.core.SomeType>(item: Item) {
  return z.looseObject({ data: z.array(item), page: pageInfoSchema });
}
export type ListOf<Item> = { data: Item[]; page: PageInfo };

/** A single-resource response: `{data: {...}}`. */
export function singleSchema<Item extends z.core.SomeType>(item: Item) {
  return z.looseObject({ data: item });
}
