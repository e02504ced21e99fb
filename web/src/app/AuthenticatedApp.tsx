import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { CenteredSpin } from '../shared/ui/CenteredSpin';
import { redirects, routes, type RouteEntry } from './routes';
import { AppShell } from './shell/AppShell';
import { RouteGuard, UnknownRoute } from './shell/RouteGuard';

function guarded(entry: RouteEntry, fullPage: boolean) {
  const Page = entry.page;
  return (
    <RouteGuard entry={entry}>
      <Suspense fallback={<CenteredSpin fullPage={fullPage} />}>
        <Page />
      </Suspense>
    </RouteGuard>
  );
}

/**
 * Everything behind the login, loaded lazily so the login page stays light. Every route of the
 * registry is mounted here: 'shell' routes inside the menu frame, 'bare' ones (TV, product
 * detail) on their own.
 */
export default function AuthenticatedApp() {
  return (
    <Routes>
      {routes
        .filter((r) => r.layout === 'bare')
        .map((r) => (
          <Route key={r.name} path={r.path} element={guarded(r, true)} />
        ))}
      <Route element={<AppShell />}>
        {routes
          .filter((r) => r.layout === 'shell')
          .map((r) => (
            <Route key={r.name} path={r.path} element={guarded(r, false)} />
          ))}
        {/* a route that needs its parameter (a batch's id) leads without it to the list it belongs to */}
        {routes
          .filter((r) => r.path !== r.name && r.within)
          .map((r) => (
            <Route key={`${r.name}-list`} path={r.name} element={<Navigate to={`/${r.within}`} replace />} />
          ))}
        {redirects.map((r) => (
          <Route key={r.from} path={r.from} element={<Navigate to={`/${r.to}`} replace />} />
        ))}
        <Route path="*" element={<UnknownRoute />} />
      </Route>
    </Routes>
  );
}
