import { Button } from '@/components/button';
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

/** Turns desktop alerts for new handoffs on or off, or says the browser blocks them (nothing if unsupported). */
export function DesktopAlertsButton({
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
