import { useMemo } from 'react';
import { Menu, MenuItem, MenuSection, Popover, type Key, type Selection } from 'react-aria-components';
import { useAlertSoundSetting } from '../alert-sound';
import type { useDesktopNotifications } from '../use-desktop-notifications';
import { MenuFocusOnItem } from './menu-focus';

export type InboxOptionsMenuProps = {
  /** The button that opened the menu, or null while it is closed. */
  trigger: HTMLElement | null;
  onClose: () => void;
  notifications: Pick<ReturnType<typeof useDesktopNotifications>, 'state' | 'turnOn' | 'turnOff'>;
  onShowShortcuts: () => void;
};

const itemClasses =
  'flex cursor-default items-center gap-2 rounded-md px-3 py-2 text-sm text-gray-800 outline-none data-[focused]:bg-gray-100';

/** A tick beside a switched-on item (its state is also its menuitemcheckbox's aria-checked). */
function Check({ isSelected }: { isSelected: boolean }) {
  return (
    <span aria-hidden="true" className="w-4 text-indigo-700">
      {isSelected ? '✓' : ''}
    </span>
  );
}

/**
 * The inbox's less-used controls, in a react-aria menu (arrows, typeahead, Escape hands focus back to
 * its button): desktop alerts and the alert sound as switches, and the keyboard shortcuts sheet. Loaded
 * on demand by InboxOptionsMenu.
 */
export function InboxOptionsPopover({
  trigger,
  onClose,
  notifications,
  onShowShortcuts,
}: InboxOptionsMenuProps) {
  const triggerRef = useMemo(() => ({ current: trigger }), [trigger]);
  const sound = useAlertSoundSetting();
  const alertsShown = notifications.state === 'on' || notifications.state === 'off';
  const switchedOn = new Set<Key>();
  if (notifications.state === 'on') switchedOn.add('desktop-alerts');
  if (sound.isOn) switchedOn.add('alert-sound');

  const onSwitch = (keys: Selection) => {
    const on = keys === 'all' ? new Set<Key>(['desktop-alerts', 'alert-sound']) : keys;
    if (on.has('alert-sound') !== sound.isOn) sound.setOn(on.has('alert-sound'));
    if (alertsShown && on.has('desktop-alerts') !== (notifications.state === 'on')) {
      if (on.has('desktop-alerts')) void notifications.turnOn();
      else notifications.turnOff();
    }
  };

  return (
    <Popover
      triggerRef={triggerRef}
      isOpen={trigger !== null}
      onOpenChange={(isOpen) => !isOpen && onClose()}
      aria-label="Inbox options"
      placement="bottom end"
      offset={4}
      className="w-64 rounded-lg bg-white p-1 shadow-lg ring-1 ring-gray-900/10 outline-none"
    >
      <MenuFocusOnItem>
        <Menu
          aria-label="Inbox options"
          autoFocus="first"
          className="outline-none"
          onClose={onClose}
          onAction={(key: Key) => {
            if (key === 'shortcuts') onShowShortcuts();
          }}
        >
          <MenuSection
            aria-label="Alerts"
            selectionMode="multiple"
            selectedKeys={switchedOn}
            onSelectionChange={onSwitch}
          >
            {alertsShown ? (
              <MenuItem
                id="desktop-alerts"
                className={itemClasses}
                textValue="Desktop alerts for new handoffs"
              >
                {({ isSelected }) => (
                  <>
                    <Check isSelected={isSelected} />
                    Desktop alerts for new handoffs
                  </>
                )}
              </MenuItem>
            ) : notifications.state === 'denied' ? (
              <MenuItem id="desktop-alerts-blocked" isDisabled className={itemClasses}>
                <Check isSelected={false} />
                Desktop alerts blocked by the browser
              </MenuItem>
            ) : null}
            <MenuItem id="alert-sound" className={itemClasses} textValue="Alert sound">
              {({ isSelected }) => (
                <>
                  <Check isSelected={isSelected} />
                  Alert sound
                </>
              )}
            </MenuItem>
          </MenuSection>
          <MenuItem id="shortcuts" className={itemClasses} textValue="Keyboard shortcuts">
            <kbd aria-hidden="true" className="w-4 font-mono text-gray-600">
              ?
            </kbd>
            Keyboard shortcuts
          </MenuItem>
        </Menu>
      </MenuFocusOnItem>
    </Popover>
  );
}
