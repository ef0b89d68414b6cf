import { Button } from '@/components/button';

/** The answers to a question before sending: "Keep editing" is the safe default (it has focus). */
export function SendAnywayButtons({
  onKeepEditing,
  onSendAnyway,
}: {
  onKeepEditing: () => void;
  onSendAnyway: () => void;
}) {
  return (
    <div className="flex flex-wrap justify-end gap-2 pt-1">
      <Button autoFocus onPress={onKeepEditing}>
        Keep editing
      </Button>
      <Button variant="primary" onPress={onSendAnyway}>
        Send anyway
      </Button>
    </div>
  );
}
