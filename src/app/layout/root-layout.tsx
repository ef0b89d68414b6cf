import { Outlet } from 'react-router';
import { SessionExpiredDialog } from '@/features/auth/components/session-expired-dialog';

/** The top of the route tree: every page, plus the in-place sign-in dialog shown when the session ends. */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <SessionExpiredDialog />
    </>
  );
}
