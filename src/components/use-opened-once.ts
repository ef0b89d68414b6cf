import { useState } from 'react';

/**
 * True from the first time `isOpen` is true, and from then on: what is loaded on first open stays
 * mounted, so a later close can play out (focus back to the trigger) and a reopen is instant.
 */
export function useOpenedOnce(isOpen: boolean) {
  const [opened, setOpened] = useState(isOpen);
  // Adjusting state while rendering (React's documented pattern): no extra frame with nothing shown.
  if (isOpen && !opened) setOpened(true);
  return opened || isOpen;
}
