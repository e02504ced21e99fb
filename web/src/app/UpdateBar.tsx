import { lazy, Suspense, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { isUpdateAvailable } from '../shared/version/compare';
import { useServerVersion } from './api';

const UpdateBarView = lazy(() => import('./UpdateBarView'));

/**
 * Compares this build's version with GET /api/vue_version at start, on every route change and
 * every 5 minutes; when the server's is higher, shows a bar with a reload action.
 */
export function UpdateBar() {
  const location = useLocation();
  const { data, refetch } = useServerVersion();
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    void refetch();
  }, [location.pathname, refetch]);

  const server = data?.vue_version;
  if (!server || !isUpdateAvailable(server, __APP_VERSION__)) return null;
  return (
    <Suspense fallback={null}>
      <UpdateBarView version={server} />
    </Suspense>
  );
}
