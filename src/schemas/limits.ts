/** The Limits table of the Commerce API spec, one named constant per row. */
export const PAGE_SIZE_MIN = 1;
export const PAGE_SIZE_MAX = 100;
export const PAGE_SIZE_DEFAULT = 20;
export const IDEMPOTENCY_KEY_MAX_BYTES = 255;
export const AGENT_NAME_MAX = 60;
export const GREETING_MAX = 280;
export const HANDOFF_MESSAGE_MAX = 280;
export const PERSONA_INSTRUCTIONS_MAX = 2000;
/** suggested_prompts are normalised on write: blanks dropped, each cut to this length, at most this many kept. */
export const SUGGESTED_PROMPTS_KEPT = 6;
export const SUGGESTED_PROMPT_MAX = 80;
export const KNOWLEDGE_TITLE_MAX = 200;
export const KNOWLEDGE_TEXT_MAX = 100_000;
export const KEY_ROLL_GRACE_MAX_SECONDS = 3 * 24 * 60 * 60;
/**
 * The Commerce API's contract gives no body limit; the simulator and the BFF both cap request bodies
 * at 1 MiB (docs/decisions/007-simulator-where-the-contract-is-silent.md).
 */
export const REQUEST_BODY_MAX_BYTES = 1024 * 1024;
/** A saved reply (the dashboard's own data): its title, its optional shortcut and its text, in characters. */
export const SAVED_REPLY_TITLE_MAX = 80;
export const SAVED_REPLY_SHORTCUT_MAX = 32;
export const SAVED_REPLY_TEXT_MAX = 4000;
/** The body cap of the saved-reply routes: the longest text, every character escaped, with room to spare. */
export const SAVED_REPLY_BODY_MAX_BYTES = 64 * 1024;
/** The dashboard's own internal notes (never sent to the Commerce API): longest body, in characters. */
export const NOTE_BODY_MAX = 5000;
/** Teammates one note may mention. */
export const NOTE_MENTIONS_MAX = 20;

/** The dashboard's own limits (not the Commerce API's): its tags. */
export const TAG_NAME_MAX = 40;
/** How many conversations one tagging request may change (the inbox's bulk selection is one page). */
export const TAGGING_CONVERSATIONS_MAX = 100;
/** How many tags one tagging request may add or remove, and one inbox query may filter by. */
export const TAGS_PER_REQUEST_MAX = 10;
/** How far ahead a snooze may be set, in days. */
export const SNOOZE_AHEAD_MAX_DAYS = 365;
/** How many conversations one bulk snooze may change (the inbox's bulk selection is one page). */
export const SNOOZING_CONVERSATIONS_MAX = 100;
