import { useNavigate } from 'react-router';
import { toast } from '@/components/toast';
import { describeApiError } from '@/lib/describe-error';
import { useLogout } from './api/logout';

/** Signs out and goes to the sign-in page; a failure is shown in a toast and leaves the user signed in. */
export function useSignOut() {
  const navigate = useNavigate();
  const logoutMutation = useLogout();
  const signOut = () =>
    logoutMutation.mutate(undefined, {
      onSuccess: () => void navigate('/sign-in', { replace: true }),
      onError: (error) => {
        const { title, description } = describeApiError(error);
        toast.error(`Could not sign out: ${title}`, { description });
      },
    });
  return { signOut, isPending: logoutMutation.isPending };
}
