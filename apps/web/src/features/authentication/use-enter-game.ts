import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { AppRoutes, type SessionResponse } from '@runik/contract';
import { saveSession } from '../../api/session-storage';

/** After a login or registration: keep the session and go to the city. */
export function useEnterGame(): (session: SessionResponse) => void {
  const navigate = useNavigate();
  return useCallback(
    (session: SessionResponse) => {
      saveSession(session);
      navigate(AppRoutes.city, { replace: true });
    },
    [navigate],
  );
}
