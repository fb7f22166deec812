import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '../store';

/** Login, sign-up and recovery pages: a shopper who arrives signed in goes to / (spec §6).
 * Judged on arrival only, so a page that signs the shopper in leads on by itself. */
export function GuestOnly() {
  const [signedInOnArrival] = useState(() => useAuth.getState().isAuthenticated);
  return signedInOnArrival ? <Navigate to={paths.home} replace /> : <Outlet />;
}

/** The account area: guests go to /login (spec §6). A shopper who signs out (or whose
 * session ends) while here goes home instead, as logout and account deletion do. */
export function RequireAuth() {
  const signedIn = useAuth((state) => state.isAuthenticated);
  const [signedInOnArrival] = useState(signedIn);
  const location = useLocation();
  if (signedIn) return <Outlet />;
  if (signedInOnArrival) return <Navigate to={paths.home} replace />;
  return <Navigate to={paths.login} replace state={{ from: location.pathname }} />;
}
