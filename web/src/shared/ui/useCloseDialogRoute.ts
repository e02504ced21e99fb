import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/** A side-menu dialog shown as a route: closing it goes back where the person came from, else the club's day. */
export function useCloseDialogRoute() {
  const navigate = useNavigate();
  return useCallback(() => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate('/today', { replace: true });
  }, [navigate]);
}
