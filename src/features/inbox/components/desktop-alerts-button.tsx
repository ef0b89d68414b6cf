import { ToggleButton } from 'react-aria-components';
import { Button } from '@/components/button';
import { buttonClasses } from '@/components/button-classes';
import { useAlertSoundSetting } from '../alert-sound';
import type { DesktopNotificationsState } from '../use-desktop-notifications';

function BellIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.5}
      className="size-4"
    >
      <path
        d="M10 3a4.5 4.5 0 0 0-4.5 4.5v2.7L4 13h12l-1.5-2.8V7.5A4.5 4.5 0 0 0 10 3Z"
        strokeLinejoin="round"
      />
      <path d="M8.25 15.5a1.75 1.75 0 0 0 3.5 0" strokeLinecap="round" />
    </svg>
  );
}

function SpeakerIcon({ muted }: { muted: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.5}
      strokeLinecap="round"
      strokeLinejoin="round"
      className="size-4"
    >
      <path d="M3.5 8v4h3l4 3.5v-11l-4 3.5h-3Z" />
      {muted ? (
        <path d="m13.5 8 4 4m0-4-4 4" />
      ) : (
        <path d="M13.5 7.5a3.5 3.5 0 0 1 0 5M15.5 5.5a6.5 6.5 0 0 1 0 9" />
      )}
    </svg>
  );
}

/**
 * The chime that goes with new handoffs while the dashboard is in the background (on unless turned off,
 * remembered in this browser). A toggle: its name stays, its pressed state (and the icon) says on or off.
 */
function AlertSoundToggle() {
  const sound = useAlertSoundSetting();
  return (
    <ToggleButton
      isSelected={sound.isOn}
      onChange={sound.setOn}
      className={buttonClasses({
        variant: 'ghost',
        size: 'sm',
        className: 'data-[selected]:text-indigo-700',
      })}
    >
      <SpeakerIcon muted={!sound.isOn} />
      <span className="max-sm:sr-only">Alert sound</span>
    </ToggleButton>
  );
}

/** Desktop alerts and the alert sound, side by side in the inbox's toolbar. */
export function DesktopAlertsButton(props: {
  state: DesktopNotificationsState;
  onTurnOn: () => Promise<void>;
  onTurnOff: () => void;
}) {
  return (
    <>
      <DesktopNotificationsButton {...props} />
      <AlertSoundToggle />
    </>
  );
}

/** Turns desktop alerts for new handoffs on or off, or says the browser blocks them (nothing if unsupported). */
function DesktopNotificationsButton({
  state,
  onTurnOn,
  onTurnOff,
}: {
  state: DesktopNotificationsState;
  onTurnOn: () => Promise<void>;
  onTurnOff: () => void;
}) {
  if (state === 'on') {
    return (
      <Button size="sm" variant="ghost" onPress={onTurnOff} aria-label="Turn off desktop alerts">
        <BellIcon /> <span className="max-sm:hidden">Desktop alerts on</span>
      </Button>
    );
  }
  if (state === 'off') {
    return (
      <Button
        size="sm"
        variant="ghost"
        onPress={() => void onTurnOn()}
        aria-label="Turn on desktop alerts for new handoffs"
      >
        <BellIcon /> <span className="max-sm:hidden">Turn on desktop alerts</span>
      </Button>
    );
  }
  if (state === 'denied') {
    return (
      <span
        className="text-xs text-gray-500"
        title="Allow notifications for this site in the browser's settings."
      >
        Desktop alerts blocked by the browser
      </span>
    );
  }
  return null;
}
