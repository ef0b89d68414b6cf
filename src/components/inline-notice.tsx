import type { ReactNode } from 'react';
import { cx } from './cx';

export type NoticeTone = 'info' | 'warning' | 'success' | 'neutral';

const tones: Record<NoticeTone, string> = {
  info: 'border-indigo-200 bg-indigo-50 text-indigo-900',
  warning: 'border-amber-300 bg-amber-50 text-amber-900',
  success: 'border-green-200 bg-green-50 text-green-900',
  neutral: 'border-gray-200 bg-white text-gray-800',
};

/**
 * A notice inside a page (not a toast): a title, a sentence and maybe actions. `role` makes it a live
 * region when it appears because of something that happened ('status'), or urgently ('alert').
 */
export function InlineNotice({
  tone = 'info',
  title,
  children,
  actions,
  role,
  className,
}: {
  tone?: NoticeTone;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  role?: 'status' | 'alert';
  className?: string;
}) {
  return (
    <div
      role={role}
      className={cx(
        'flex flex-col gap-3 rounded-lg border px-4 py-3 sm:flex-row sm:items-center sm:justify-between',
        tones[tone],
        className,
      )}
    >
      <div className="min-w-0 text-[15px]">
        <p className="font-semibold">{title}</p>
        {children ? <div className="mt-0.5 opacity-90">{children}</div> : null}
      </div>
      {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
