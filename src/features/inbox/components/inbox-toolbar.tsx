import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/button';
import { isInBackground } from '../page-attention';
import type { useDesktopNotifications } from '../use-desktop-notifications';
import { InboxOptionsMenu } from './inbox-options-menu';
import { AssignmentSettingsDialog } from './lazy-dialogs';
import { ThresholdSetting } from './threshold-setting';

const MentionsButton = lazy(() =>
  import('./mentions-button').then((module) => ({ default: module.MentionsButton })),
);

/**
 * The inbox's own controls beside its views: the waiting threshold and assignment (owners), mentions,
 * a menu with the less-used ones (alerts, keys) and, on phones, the filters.
 */
export function InboxToolbar({
  thresholdMinutes,
  notifications,
  onShowShortcuts,
  filters,
  onOpenConversation,
}: {
  /** The owner's waiting threshold (null while not known yet), or undefined when it is not theirs to set. */
  thresholdMinutes: number | null | undefined;
  notifications: Pick<ReturnType<typeof useDesktopNotifications>, 'state' | 'turnOn' | 'turnOff'>;
  onShowShortcuts: () => void;
  filters: { shown: boolean; panelId: string; count: number; onToggle: () => void };
  /** Opens a conversation a mention is in. */
  onOpenConversation: (conversationId: string) => void;
}) {
  const [assignmentOpen, setAssignmentOpen] = useState(false);
  return (
    // After the filters from xl up (see InboxLayout), beside the title below.
    <div className="ml-auto flex flex-wrap items-center justify-end gap-2 xl:order-last">
      {thresholdMinutes !== undefined ? (
        <>
          <ThresholdSetting minutes={thresholdMinutes} />
          <Button size="sm" onPress={() => setAssignmentOpen(true)}>
            Assignment
          </Button>
          <AssignmentSettingsDialog isOpen={assignmentOpen} onOpenChange={setAssignmentOpen} />
        </>
      ) : null}
      {/* Its place is kept while it loads, so the controls beside it do not move. */}
      <Suspense fallback={<span aria-hidden="true" className="h-8 w-24" />}>
        <MentionsButton
          onOpen={onOpenConversation}
          desktopAlert={() => notifications.state === 'on' && isInBackground()}
        />
      </Suspense>
      <InboxOptionsMenu notifications={notifications} onShowShortcuts={onShowShortcuts} />
      <Button
        size="sm"
        className="sm:hidden"
        aria-expanded={filters.shown}
        aria-controls={filters.panelId}
        onPress={filters.onToggle}
      >
        Filters{filters.count > 0 ? ` (${filters.count})` : ''}
      </Button>
    </div>
  );
}

/** The pane's content while no conversation is open (side by side). */
export function NoConversationOpen() {
  return (
    <div className="flex flex-1 items-center justify-center p-8 text-center">
      <div>
        <p className="text-[15px] font-medium text-gray-900">No conversation open</p>
        <p className="mt-1 text-sm text-gray-600">
          Pick one from the list, or press <kbd className="font-mono">j</kbd> and{' '}
          <kbd className="font-mono">o</kbd>. <kbd className="font-mono">?</kbd> lists every key.
        </p>
      </div>
    </div>
  );
}
