import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/** Full screen for a TV show, when the browser allows it (it needs the person's click). */
export function enterFullScreen() {
  if (!document.fullscreenElement) void document.documentElement.requestFullscreen?.().catch(() => {});
}

/**
 * What every TV screen does: Escape (or leaving full screen's own Escape twice) goes back to the
 * TV menu, and the pointer hides after 3 s without moving so nothing sits on the picture.
 */
export function useTvScreen() {
  const navigate = useNavigate();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') navigate('/tvshows');
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onMove = () => {
      document.body.style.cursor = '';
      clearTimeout(timer);
      timer = setTimeout(() => (document.body.style.cursor = 'none'), 3000);
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('mousemove', onMove);
    onMove();
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('mousemove', onMove);
      clearTimeout(timer);
      document.body.style.cursor = '';
    };
  }, [navigate]);
  return () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    navigate('/tvshows');
  };
}
