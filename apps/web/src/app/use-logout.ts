import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { ApiRoutes, AppRoutes } from '@runik/contract';
import { httpClient } from '../api/http-client';
import { clearSession } from '../api/session-storage';
import { forgetHiveAuthPairing } from '../wallet/hiveauth-pairing';

/** Ends the session on the server (best effort), forgets it here and returns to the login screen. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    // The player wants out either way: a failed or refused logout call must not keep them in.
    await httpClient.post(ApiRoutes.logout).catch(() => undefined);
    clearSession();
    forgetHiveAuthPairing();
    // Another player may log in next on this browser: drop the previous one's data.
    queryClient.clear();
    navigate(AppRoutes.authentication, { replace: true });
  }, [navigate, queryClient]);
}
