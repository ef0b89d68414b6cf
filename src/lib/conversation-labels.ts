import type { RosterMember } from '@/schemas/bff';
import type { Channel, Conversation } from '@/schemas/conversation';

/** Who the shopper is: their name, else their email, else a clear anonymous label. */
export function shopperName(conversation: Pick<Conversation, 'display_name' | 'email'>): string {
  return conversation.display_name?.trim() || conversation.email?.trim() || 'Anonymous shopper';
}

export const CHANNEL_LABELS: Record<Channel, string> = {
  website: 'Website',
  messaging_a: 'Messaging A',
  messaging_b: 'Messaging B',
};

/** Unknown channels (the API may add some) show their raw value rather than nothing. */
export function channelLabel(channel: string): string {
  return (CHANNEL_LABELS as Record<string, string | undefined>)[channel] ?? channel;
}

/** A store user's name from the roster; an id the roster does not know is shown as it is. */
export function rosterName(userId: string, roster: readonly RosterMember[]): string {
  return roster.find((member) => member.id === userId)?.name ?? userId;
}

/** The assignee's name, or null when nobody is assigned. */
export function assigneeName(assignedTo: string | null, roster: readonly RosterMember[]): string | null {
  return assignedTo === null ? null : rosterName(assignedTo, roster);
}
