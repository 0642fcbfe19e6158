import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { signOut } from '../../../lib/sign-out';

/** Ends the session on the server and here (even when the server call fails), then opens sign-in. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => signOut(queryClient, () => navigate('/signin', { replace: true })),
  });
}
