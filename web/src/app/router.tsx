import { lazy, Suspense, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router';
import { afterLogin } from '../shared/session/afterLogin';
import { useSession } from '../shared/session/store';
import { CenteredSpin } from '../shared/ui/CenteredSpin';
import { RootLayout } from './RootLayout';

export const BASENAME = '/app';

const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage'));
const AccountLinkPage = lazy(() => import('../features/auth/AccountLinkPage'));
const AuthenticatedApp = lazy(() => import('./AuthenticatedApp'));
/** The product detail is also the public page of a product's QR code: it opens with or without a login. */
const ProductDetailPage = lazy(() => import('./DispensaryItemPage'));
/** The app download QR's address: a phone goes on to its store, with or without a login. */
const MobileRedirectPage = lazy(() => import('../features/social/pages/MobileRedirectPage'));

function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<CenteredSpin fullPage />}>{children}</Suspense>;
}

/**
 * "/": the login page when logged out; logged in, the club's day, or the deep link that led to
 * the login (the login's own success lands here too, as the session appears).
 */
function HomeRoute() {
  const session = useSession();
  const location = useLocation();
  if (session) return <Navigate to={afterLogin(location.state)} replace />;
  return (
    <Loading>
      <LoginPage />
    </Loading>
  );
}

/** Behind the login: without a session, the login page, which comes back here (a deep link) after it. */
function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to="/" replace state={{ from: `${location.pathname}${location.search}${location.hash}` }} />;
  return <>{children}</>;
}

/**
 * The top-level routes. Everything behind the login (the route registry of routes.tsx, the
 * shell) is one lazy chunk, so the login page loads only what it needs. Declarative routing
 * (BrowserRouter) keeps React Router's data-router code out of the bundle.
 */
export function AppRouter() {
  return (
    <BrowserRouter basename={BASENAME}>
      <Routes>
        <Route element={<RootLayout />}>
          <Route index element={<HomeRoute />} />
          <Route
            path="account-link"
            element={
              <Loading>
                <AccountLinkPage />
              </Loading>
            }
          />
          <Route
            path="reset-password"
            element={
              <Loading>
                <ResetPasswordPage />
              </Loading>
            }
          />
          <Route
            path="dispensary_item"
            element={
              <Loading>
                <ProductDetailPage />
              </Loading>
            }
          />
          <Route
            path="movil"
            element={
              <Loading>
                <MobileRedirectPage />
              </Loading>
            }
          />
          <Route
            path="*"
            element={
              <RequireSession>
                <Loading>
                  <AuthenticatedApp />
                </Loading>
              </RequireSession>
            }
          />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
