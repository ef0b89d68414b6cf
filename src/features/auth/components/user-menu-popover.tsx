import { useState, type RefObject } from 'react';
import { Header, Menu, MenuItem, MenuSection, Popover, type Key } from 'react-aria-components';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { useQueryClient } from '@tanstack/react-query';
import { useTeamAvailability } from '@/lib/availability';
import { chooseAvailability as chooseAvailabilityOf } from '@/lib/choose-availability';
import {
  AWAY_HAND_BACK_CHOICES,
  type AvailabilityStatus,
  type AvailabilityUpdate,
  type AwayHandBack,
} from '@/schemas/assignment';
import type { SessionUser } from '@/schemas/bff';

export type UserMenuAction = 'account' | 'sign-out' | 'sign-out-everywhere';

const itemClasses =
  'cursor-default rounded-md px-3 py-2 text-sm text-gray-800 outline-none data-[focused]:bg-gray-100';

/**
 * The open part of the user menu, loaded when it first opens (react-aria: arrow keys, Home/End, typeahead,
 * Escape or a click outside closes it). The trigger, a native button, stays in the shell.
 */
export function UserMenuPopover({
  triggerRef,
  menuId,
  triggerId,
  autoFocus,
  user,
  roleLabel,
  onClose,
  onAction,
}: {
  triggerRef: RefObject<HTMLButtonElement | null>;
  menuId: string;
  /** The popover is a modal dialog named by its trigger (as react-aria's MenuTrigger does). */
  triggerId: string;
  autoFocus: 'first' | 'last';
  user: SessionUser;
  roleLabel: string;
  onClose: () => void;
  onAction: (action: UserMenuAction) => void;
}) {
  const team = useTeamAvailability();
  const me = team.data?.find((person) => person.user_id === user.id);
  const queryClient = useQueryClient();
  const chooseAvailability = (update: AvailabilityUpdate) => void chooseAvailabilityOf(queryClient, update);
  // Going away with conversations of one's own asks first whether to hand them back.
  const [askingHandBack, setAskingHandBack] = useState(false);
  const choose = (status: AvailabilityStatus, handBack?: boolean) => {
    chooseAvailability(handBack === undefined ? { status } : { status, hand_back: handBack });
    onClose();
  };
  const awayHandBack = me?.away_hand_back ?? 'ask';
  const open = me?.open_conversations ?? 0;
  return (
    <Popover
      triggerRef={triggerRef}
      aria-labelledby={triggerId}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      placement="bottom end"
      offset={6}
      className="w-64 rounded-lg bg-white shadow-lg ring-1 ring-gray-900/10 outline-none"
    >
      <div className="border-b border-gray-100 px-4 py-3">
        <p className="truncate text-sm font-medium text-gray-900">{user.name}</p>
        <p className="truncate text-sm text-gray-500">{user.email}</p>
        <Badge tone={user.role === 'owner' ? 'accent' : 'neutral'} className="mt-2">
          {roleLabel}
        </Badge>
      </div>
      {askingHandBack ? (
        <div role="group" aria-labelledby={`${menuId}-away`} className="p-4">
          <p id={`${menuId}-away`} className="text-sm text-gray-800">
            Hand your {open} open conversation{open === 1 ? '' : 's'} back to Unassigned, so that someone
            available takes {open === 1 ? 'it' : 'them'}?
          </p>
          <div className="mt-3 flex flex-wrap justify-end gap-2">
            <Button size="sm" autoFocus onPress={() => choose('away', false)}>
              Keep them
            </Button>
            <Button size="sm" variant="primary" onPress={() => choose('away', true)}>
              Hand back
            </Button>
          </div>
        </div>
      ) : (
        <Menu
          id={menuId}
          aria-label="Account"
          autoFocus={autoFocus}
          className="p-1 outline-none"
          onAction={(key) => {
            if (key === 'available') choose('available');
            else if (key === 'away') {
              if (open > 0 && awayHandBack === 'ask') setAskingHandBack(true);
              else choose('away');
            } else if (isAwayHandBack(key)) {
              if (me) chooseAvailability({ status: me.chosen, away_hand_back: key });
            } else onAction(key as UserMenuAction);
          }}
        >
          <MenuItem id="available" className={itemClasses}>
            <Availability
              label="Available"
              note={me?.chosen === 'available' && !me.inactive ? 'now' : null}
            />
          </MenuItem>
          <MenuItem id="away" className={itemClasses}>
            <Availability
              label="Away"
              note={me?.inactive ? 'inactive' : me?.chosen === 'away' ? 'now' : null}
            />
          </MenuItem>
          <MenuSection
            selectionMode="single"
            selectedKeys={[awayHandBack]}
            className="border-y border-gray-100 py-1"
          >
            <Header className="px-3 pt-1 pb-0.5 text-xs font-medium text-gray-600">
              When you go away, your conversations
            </Header>
            {AWAY_HAND_BACK_CHOICES.map((choice) => (
              <MenuItem
                key={choice}
                id={choice}
                textValue={AWAY_HAND_BACK_LABELS[choice]}
                className={itemClasses}
              >
                {({ isSelected }) => (
                  <span className="flex items-center justify-between gap-2">
                    {AWAY_HAND_BACK_LABELS[choice]}
                    {isSelected ? <span className="text-gray-500"> (chosen)</span> : null}
                  </span>
                )}
              </MenuItem>
            ))}
          </MenuSection>
          <MenuItem id="account" className={itemClasses}>
            Your account and password
          </MenuItem>
          <MenuItem id="sign-out" className={itemClasses}>
            Sign out
          </MenuItem>
          <MenuItem id="sign-out-everywhere" className={itemClasses}>
            Sign out everywhere
          </MenuItem>
        </Menu>
      )}
    </Popover>
  );
}

const AWAY_HAND_BACK_LABELS: Record<AwayHandBack, string> = {
  ask: 'Ask me each time',
  hand_back: 'Always hand them back',
  keep: 'Always keep them',
};

const isAwayHandBack = (key: Key): key is AwayHandBack =>
  (AWAY_HAND_BACK_CHOICES as readonly Key[]).includes(key);

/**
 * A choice of availability: a dot (green for Available) and a note on the current one: "(now)", or
 * "(inactive)" on Away when the owner's auto-away counts them away.
 */
function Availability({ label, note }: { label: string; note: 'now' | 'inactive' | null }) {
  return (
    <span className="flex items-center gap-2">
      <span
        aria-hidden="true"
        className={`size-2 rounded-full ${label === 'Available' ? 'bg-green-600' : 'bg-gray-400'}`}
      />
      {label}
      {note ? <span className="text-gray-600"> ({note})</span> : null}
    </span>
  );
}
