import { useId } from 'react';
import { cx } from '@/components/cx';
import { inputClasses } from '@/components/text-field';
import type { RosterMember } from '@/schemas/bff';

/**
 * Picks a person from the store roster: a native select (role combobox, typeahead, every key the
 * platform gives). Not a react-aria ComboBox: its open list hides the rest of the page with aria-hidden
 * while it stays focusable (axe aria-hidden-focus). It only picks; the form around it commits, because
 * arrows on a closed select change its value at once. Only roster members can be picked: the API
 * refuses anyone else with `invalid_assignee`. The signed-in person is marked "(you)".
 */
export function AssigneeSelect({
  roster,
  myUserId,
  value,
  onChange,
  label = 'Assignee',
  placeholder = 'Choose a person…',
  autoFocus,
  className,
}: {
  roster: readonly RosterMember[];
  myUserId: string;
  /** The selected member's id; null (or an id not on the roster) selects the placeholder. */
  value: string | null;
  onChange: (userId: string) => void;
  label?: string;
  placeholder?: string;
  autoFocus?: boolean;
  className?: string;
}) {
  const id = useId();
  const selected = value !== null && roster.some((member) => member.id === value) ? value : '';
  return (
    <div className={cx('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <select
        id={id}
        value={selected}
        autoFocus={autoFocus}
        onChange={(event) => {
          if (event.target.value !== '') onChange(event.target.value);
        }}
        className={inputClasses}
      >
        <option value="" disabled>
          {placeholder}
        </option>
        {roster.map((member) => (
          <option key={member.id} value={member.id}>
            {member.name}
            {member.id === myUserId ? ' (you)' : ''}
          </option>
        ))}
      </select>
    </div>
  );
}
