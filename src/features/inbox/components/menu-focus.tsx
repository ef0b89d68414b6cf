import type { ReactNode } from 'react';

/**
 * Around a react-aria Menu: react-aria at times leaves focus on the menu itself, its first item only
 * marked focused. The item takes it, so screen readers announce it and arrows start from it.
 */
export function MenuFocusOnItem({ children }: { children: ReactNode }) {
  return (
    <div
      onFocus={(event) => {
        const menu = event.target;
        if (menu.getAttribute('role') !== 'menu') return;
        const item =
          menu.querySelector<HTMLElement>('[role^="menuitem"][data-focused]') ??
          menu.querySelector<HTMLElement>('[role^="menuitem"]');
        item?.focus();
      }}
    >
      {children}
    </div>
  );
}
