import { useId, useState } from 'react';
import { Button } from '@/components/button';
import { InlineNotice } from '@/components/inline-notice';
import { inputClasses } from '@/components/text-field';
import { formatDateTime } from '@/lib/format';
import type { TeamLink } from '@/schemas/team';

/** A one-time link just made: shown once, to copy and send (it is not shown again). */
export function LinkNotice({ title, link, onDone }: { title: string; link: TeamLink; onDone: () => void }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const copy = () =>
    void navigator.clipboard?.writeText(link.url).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <InlineNotice
      tone="success"
      role="status"
      title={title}
      actions={
        <>
          <Button size="sm" onPress={copy}>
            {copied ? 'Copied' : 'Copy link'}
          </Button>
          <Button size="sm" variant="ghost" onPress={onDone}>
            Done
          </Button>
        </>
      }
    >
      <label htmlFor={id} className="block text-sm text-gray-700">
        Send this link yourself; it works once, until {formatDateTime(link.expires_at)}, and is not shown
        again.
      </label>
      <input
        id={id}
        readOnly
        value={link.url}
        className={`${inputClasses} mt-2 font-mono text-sm`}
        onFocus={(event) => event.currentTarget.select()}
      />
    </InlineNotice>
  );
}
