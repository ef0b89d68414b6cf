import type { ReactNode } from 'react';
import { Button } from '@/components/button';
import { useAlertSoundSetting } from '../alert-sound';
import type { DesktopNotificationsState } from '../use-desktop-notifications';

/** The toolbar's 20px outline icons (stroke 1.5, decorative). */
function ToolbarIcon({ children }: { children: ReactNode }) {
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
      {children}
    </svg>
  );
}

function BellIcon() {
  return (
    <ToolbarIcon>
      <path d="M10 3a4.5 4.5 0 0 0-4.5 4.5v2.7L4 13h12l-1.5-2.8V7.5A4.5 4.5 0 0 0 10 3Z" />
      <path d="M8.25 15.5a1.75 1.75 0 0 0 3.5 0" />
    </ToolbarIcon>
  );
}

function SpeakerIcon({ muted }: { muted: boolean }) {
  return (
    <ToolbarIcon>
      <path d="M3.5 8v4h3l4 3.5v-11l-4 3.5h-3Z" />
      {muted ? (
        <path d="m13.5 8 4 4m0-4-4 4" />
      ) : (
        <path d="M13.5 7.5a3.5 3.5 0 0 1 0 5M15.5 5.5a6.5 6.5 0 0 1 0 9" />
      )}
    </ToolbarIcon>
  );
}

/**
 * One alert switch of the inbox's toolbar: an icon and a short text (left to screen readers on narrow
 * screens); pressing turns it on or off. Without `actionNames` the text is its name and aria-pressed says
 * on or off; with them, the name says what pressing does (for a switch whose text changes with it).
 */
function AlertToggle({
  icon,
  text,
  isOn,
  onChange,
  actionNames,
}: {
  icon: ReactNode;
  text: string;
  isOn: boolean;
  onChange: (on: boolean) => void;
  actionNames?: { whenOn: string; whenOff: string };
}) {
  return (
    // A native toggle (aria-pressed), not react-aria's: the toolbar is on the inbox's first paint.
    <Button
      size="sm"
      variant="ghost"
      onClick={() => onChange(!isOn)}
      aria-pressed={actionNames === undefined ? isOn : undefined}
      aria-label={actionNames && (isOn ? actionNames.whenOn : actionNames.whenOff)}
      className="aria-pressed:text-indigo-700"
    >
      {icon}
      <span className="max-sm:sr-only">{text}</span>
    </Button>
  );
}

/** Desktop alerts and the alert sound, side by side in the inbox's toolbar. */
export function DesktopAlertsButton(props: {
  state: DesktopNotificationsState;
  onTurnOn: () => Promise<void>;
  onTurnOff: () => void;
}) {
  const sound = useAlertSoundSetting();
  return (
    <>
      <DesktopNotificationsToggle {...props} />
      {/* The chime that goes with new handoffs while the dashboard is in the background (on unless
          turned off, remembered in this browser). */}
      <AlertToggle
        icon={<SpeakerIcon muted={!sound.isOn} />}
        text="Alert sound"
        isOn={sound.isOn}
        onChange={sound.setOn}
      />
    </>
  );
}

/** Turns desktop alerts for new handoffs on or off, or says the browser blocks them (nothing if unsupported). */
function DesktopNotificationsToggle({
  state,
  onTurnOn,
  onTurnOff,
}: {
  state: DesktopNotificationsState;
  onTurnOn: () => Promise<void>;
  onTurnOff: () => void;
}) {
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
  if (state !== 'on' && state !== 'off') return null;
  return (
    <AlertToggle
      icon={<BellIcon />}
      text={state === 'on' ? 'Desktop alerts on' : 'Turn on desktop alerts'}
      isOn={state === 'on'}
      onChange={(on) => (on ? void onTurnOn() : onTurnOff())}
      actionNames={{ whenOn: 'Turn off desktop alerts', whenOff: 'Turn on desktop alerts for new handoffs' }}
    />
  );
}
