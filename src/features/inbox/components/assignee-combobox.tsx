import {
  Button as AriaButton,
  ComboBox,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Text,
  type Key,
} from 'react-aria-components';
import { cx } from '@/components/cx';
import { inputClasses } from '@/components/text-field';
import type { RosterMember } from '@/schemas/bff';

function ChevronIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
      <path
        fillRule="evenodd"
        d="M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z"
        clipRule="evenodd"
      />
    </svg>
  );
}

/**
 * Picks a person from the store roster (react-aria ComboBox: type to filter, arrows, Enter, Escape).
 * Only roster members can be picked: the API refuses anyone else with `invalid_assignee`. The signed-in
 * person is marked "(you)". Clearing the text selects nobody; unassigning is its own action.
 */
export function AssigneeComboBox({
  roster,
  myUserId,
  value,
  onChange,
  label = 'Assignee',
  placeholder = 'Type a name…',
  description,
  isDisabled,
  autoFocus,
  className,
}: {
  roster: readonly RosterMember[];
  myUserId: string;
  /** The selected member's id; null (or an id not on the roster) shows an empty field. */
  value: string | null;
  onChange: (userId: string) => void;
  label?: string;
  placeholder?: string;
  description?: string;
  isDisabled?: boolean;
  autoFocus?: boolean;
  className?: string;
}) {
  const selected = value !== null && roster.some((member) => member.id === value) ? value : null;
  return (
    <ComboBox
      className={cx('space-y-1.5', className)}
      defaultItems={roster}
      value={selected}
      onChange={(key: Key | null) => {
        if (key !== null && key !== selected) onChange(String(key));
      }}
      menuTrigger="focus"
      isDisabled={isDisabled}
      autoFocus={autoFocus}
    >
      <Label className="block text-sm font-medium text-gray-800">{label}</Label>
      <div className="relative">
        <Input className={cx(inputClasses, 'pr-9')} placeholder={placeholder} />
        <AriaButton
          aria-label="Show everyone"
          className="absolute inset-y-0 right-0 flex w-9 items-center justify-center rounded-r-md text-gray-500 outline-none hover:text-gray-700 focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          <ChevronIcon />
        </AriaButton>
      </div>
      {description ? (
        <Text slot="description" className="block text-sm text-gray-500">
          {description}
        </Text>
      ) : null}
      <Popover
        offset={4}
        className="w-(--trigger-width) overflow-auto rounded-lg bg-white p-1 shadow-lg ring-1 ring-gray-900/10 outline-none"
      >
        <ListBox<RosterMember>
          className="max-h-64 outline-none"
          renderEmptyState={() => (
            <p className="px-3 py-2 text-sm text-gray-500">Nobody on the roster matches.</p>
          )}
        >
          {(member) => (
            <ListBoxItem
              id={member.id}
              textValue={member.name}
              className="flex cursor-default items-center justify-between gap-3 rounded-md px-3 py-2 text-sm text-gray-800 outline-none data-[focused]:bg-indigo-50 data-[focused]:text-indigo-900 data-[selected]:font-medium"
            >
              {({ isSelected }) => (
                <>
                  <span>
                    {member.name}
                    {member.id === myUserId ? <span className="text-gray-500"> (you)</span> : null}
                  </span>
                  {isSelected ? <span aria-hidden="true">✓</span> : null}
                </>
              )}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
