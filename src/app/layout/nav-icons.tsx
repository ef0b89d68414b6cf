/**
 * Outline icons of the main navigation (24px grid, stroke 1.5, decorative), one path each: a path's
 * pieces each start with an absolute move, so several strokes share one `d`.
 */
export const NAV_ICONS = {
  inbox:
    'M3 13.5h4.5l1.5 2.25h6l1.5-2.25H21M5.25 5.25h13.5L21 13.5v4.5a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 18v-4.5z',
  assistant:
    'M12 3l1.9 4.6L18.5 9.5l-4.6 1.9L12 16l-1.9-4.6L5.5 9.5l4.6-1.9zM18.5 15.5l.8 1.9 1.9.8-1.9.8-.8 1.9-.8-1.9-1.9-.8 1.9-.8z',
  knowledge:
    'M12 6.5C10.3 5.2 7.9 4.5 4.5 4.5v13c3.4 0 5.8.7 7.5 2 1.7-1.3 4.1-2 7.5-2v-13c-3.4 0-5.8.7-7.5 2zM12 6.5v13',
  'saved-replies': 'M4 5h16v11H9l-5 4zM8 9h8M8 12h5',
  integrations: 'M9 3.75v4.5M15 3.75v4.5M6.75 8.25h10.5v3a5.25 5.25 0 0 1-10.5 0zM12 16.5v3.75',
  reports: 'M4 20h16M7 16v-5M12 16V6M17 16v-8',
  team: 'M16 19v-1a4 4 0 0 0-4-4H7a4 4 0 0 0-4 4v1M9.5 10a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7M21 19v-1a4 4 0 0 0-3-3.9M16 3.1a3.5 3.5 0 0 1 0 6.8',
  menu: 'M4 7h16M4 12h16M4 17h16',
  close: 'M6 6l12 12M18 6L6 18',
};

export function NavIcon({ path }: { path: string }) {
  return (
    <svg
      aria-hidden
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.5}
      strokeLinecap="round"
      strokeLinejoin="round"
      className="size-5 shrink-0"
    >
      <path d={path} />
    </svg>
  );
}
