import type { ReactNode } from 'react';

const LOOKS = {
  /** A white card among others, as on the assistant settings. */
  card: {
    section: 'rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200 sm:p-6',
    heading: 'text-base font-semibold text-gray-900',
    description: 'mt-0.5 text-sm text-gray-600',
    body: 'mt-5 space-y-6',
  },
  /** A titled part of a page with no frame of its own. */
  plain: {
    section: 'space-y-4',
    heading: 'text-lg font-semibold text-gray-900',
    description: 'mt-1 max-w-2xl text-[15px] text-gray-600',
    body: null,
  },
} as const;

/** A page section named by its heading (`id` labels it for assistive technology). */
export function Section({
  id,
  title,
  description,
  look = 'card',
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  look?: keyof typeof LOOKS;
  children: ReactNode;
}) {
  const classes = LOOKS[look];
  return (
    <section aria-labelledby={id} className={classes.section}>
      <div>
        <h2 id={id} className={classes.heading}>
          {title}
        </h2>
        {description ? <p className={classes.description}>{description}</p> : null}
      </div>
      {classes.body ? <div className={classes.body}>{children}</div> : children}
    </section>
  );
}
