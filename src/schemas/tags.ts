import { z } from 'zod/mini';
import { TAG_NAME_MAX, TAGGING_CONVERSATIONS_MAX, TAGS_PER_REQUEST_MAX } from './limits.ts';
import { TAG_COLOURS, tagIdSchema, tagRefSchema } from './tag-ref.ts';

/**
 * Managing tags and tagging conversations (the BFF's tag routes), shared by the BFF and the SPA. What
 * the inbox's rows carry is in tag-ref.ts, which the inbox loads up front.
 */

/** Printable text: no control characters (a name is shown on one line). */
// eslint-disable-next-line no-control-regex -- the point is to refuse control characters
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/** A tag's name: surrounding blanks dropped, 1 to TAG_NAME_MAX characters, on one line. */
export const tagNameSchema = z
  .pipe(
    z.string(),
    z.transform((name) => name.trim()),
  )
  .check(
    z.refine((name) => name.length >= 1, { message: 'A tag needs a name.' }),
    z.refine((name) => name.length <= TAG_NAME_MAX, { message: `At most ${TAG_NAME_MAX} characters.` }),
    z.refine((name) => !CONTROL_CHARACTERS.test(name), { message: 'A tag name is one line of text.' }),
  );

/** GET /bff/tags: every tag, by name, with how many conversations carry it. */
export const tagSchema = z.extend(tagRefSchema, {
  conversation_count: z.int().check(z.nonnegative()),
});
export type Tag = z.infer<typeof tagSchema>;
export const tagListSchema = z.looseObject({ data: z.array(tagSchema) });

/** GET /bff/conversations/{id}/tags: the conversation's tags, by name. */
export const conversationTagListSchema = z.looseObject({ data: z.array(tagRefSchema) });

/** POST /bff/tags (owners). */
export const tagCreateSchema = z.strictObject({ name: tagNameSchema, colour: z.enum(TAG_COLOURS) });
export type TagCreate = z.input<typeof tagCreateSchema>;

/** PATCH /bff/tags/{id} (owners): a new name, a new colour, or both. */
export const tagUpdateSchema = z
  .strictObject({ name: z.optional(tagNameSchema), colour: z.optional(z.enum(TAG_COLOURS)) })
  .check(
    z.refine((update) => update.name !== undefined || update.colour !== undefined, 'Nothing to change.'),
  );
export type TagUpdate = z.input<typeof tagUpdateSchema>;

/** The answer of POST and PATCH: the tag. */
export const tagAnswerSchema = z.looseObject({ data: tagSchema });

/** DELETE /bff/tags/{id} (owners): how many conversations lost the tag. */
export const tagDeletedSchema = z.looseObject({
  data: z.looseObject({ id: z.string(), removed_from: z.int().check(z.nonnegative()) }),
});

const tagIdsSchema = z.array(tagIdSchema).check(z.maxLength(TAGS_PER_REQUEST_MAX));

/**
 * POST /bff/conversation-tags (staff and owners): add and remove tags on one conversation or several at
 * once (the inbox's bulk selection). Adding a tag a conversation has, or removing one it lacks, changes
 * nothing.
 */
export const taggingSchema = z
  .strictObject({
    conversation_ids: z
      .array(z.string().check(z.minLength(1), z.maxLength(255)))
      .check(z.minLength(1), z.maxLength(TAGGING_CONVERSATIONS_MAX)),
    add: z.optional(tagIdsSchema),
    remove: z.optional(tagIdsSchema),
  })
  .check(
    z.refine(
      (change) => (change.add?.length ?? 0) + (change.remove?.length ?? 0) > 0,
      'Name a tag to add or remove.',
    ),
  );
export type Tagging = z.input<typeof taggingSchema>;

/** The answer of a tagging: each conversation's tags now. */
export const conversationTagsSchema = z.looseObject({
  conversation_id: z.string(),
  tags: z.array(tagRefSchema),
});
export type ConversationTags = z.infer<typeof conversationTagsSchema>;
export const taggingAnswerSchema = z.looseObject({ data: z.array(conversationTagsSchema) });

/** Refusal codes of the tag routes. */
export const TAG_ERROR_CODES = {
  nameTaken: 'tag_name_taken',
  unknownTag: 'unknown_tag',
  unknownConversation: 'unknown_conversation',
} as const;
