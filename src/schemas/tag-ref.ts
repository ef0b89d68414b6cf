import { z } from 'zod/mini';

/**
 * Tags on conversations: the dashboard's own data (its database), never written to the Commerce API.
 * What the inbox's rows carry (loaded with the inbox); managing and tagging are in tags.ts.
 *
 * A tag has a name, unique ignoring case, and a colour from TAG_COLOURS: each is drawn as dark text on a
 * light tint of that hue, which passes WCAG AA contrast; the name is always shown, so colour is never the
 * only signal.
 */
export const TAG_COLOURS = ['gray', 'red', 'amber', 'green', 'indigo', 'sky'] as const;
export type TagColour = (typeof TAG_COLOURS)[number];

/** Tag ids as the BFF mints them (`tag_` and 12 lowercase letters or digits). */
export const TAG_ID_FORM = /^tag_[a-z0-9]{12}$/;
export const tagIdSchema = z.string().check(z.regex(TAG_ID_FORM));

/** A tag as rows and the conversation pane carry it. */
export const tagRefSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  /**
   * One of TAG_COLOURS. Read as any string, so a colour this page does not know (from a newer BFF) shows
   * the tag without a tint rather than failing the list.
   */
  colour: z.string(),
});
export type TagRef = z.infer<typeof tagRefSchema>;
