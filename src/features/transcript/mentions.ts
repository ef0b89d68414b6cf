import type { RosterMember } from '@/schemas/bff';

/** The `@` being typed just before the caret: where it starts and what follows it, or null. */
export function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  // At the start of a word; a name may hold one space ("@Alex K").
  const match = /(^|\s)@([^\s@]*(?: [^\s@]*)?)$/.exec(text.slice(0, caret));
  if (!match) return null;
  return { start: caret - match[2]!.length - 1, query: match[2]! };
}

/** The teammates whose name (or a word of it) starts with what was typed after `@`. */
export function matchingMembers(roster: readonly RosterMember[], query: string): RosterMember[] {
  const wanted = query.toLocaleLowerCase();
  return roster.filter((member) => {
    const name = member.name.toLocaleLowerCase();
    return name.startsWith(wanted) || name.split(/\s+/).some((word) => word.startsWith(wanted));
  });
}

/** `text` with the `@…` typed from `start` to `caret` replaced by `@Name `, and where the caret goes. */
export function insertMention(text: string, start: number, caret: number, name: string) {
  const inserted = `@${name} `;
  return { text: text.slice(0, start) + inserted + text.slice(caret), caret: start + inserted.length };
}

/** The teammates a note mentions: those whose `@Name` it still contains. */
export function mentionedIn(body: string, roster: readonly RosterMember[]): string[] {
  return roster.filter((member) => body.includes(`@${member.name}`)).map((member) => member.id);
}
