import { Suspense, useEffect } from 'react';
import {
  Navigate,
  NavigationType,
  Route,
  Routes,
  useLocation,
  useNavigationType,
  useParams,
} from 'react-router-dom';
import { redirectChargerPath } from '@evc/domain';
import { recordVisit, type VisitKind } from '../lib/back-navigation.ts';
import { normalizeRoutePath, type FeatureRoute } from '../lib/routing.ts';
import { UnknownAddressRedirect } from './deep-links.tsx';
import { RouteGuard } from './guards.tsx';
import { PageFailureBoundary } from './page-failure-boundary.tsx';
import { useVersionStatus } from './start-up.ts';

/** spec 000 §2: old charger links home/charging/charger/{barcode} open charger-details/{barcode}. */
function ChargerPathRedirect() {
  const { barcode = '' } = useParams();
  const target =
    redirectChargerPath(`/home/charging/charger/${encodeURIComponent(barcode)}`) ?? '/home';
  return <Navigate to={target} replace />;
}

/**
 * Where a page shows while its code comes: the page's own empty frame, so the bars around it
 * stay where they are.
 */
function PageLoading() {
  return <div className="ion-page" aria-busy="true" />;
}

const VISIT_KINDS: Record<NavigationType, VisitKind> = {
  [NavigationType.Push]: 'push',
  [NavigationType.Pop]: 'pop',
  [NavigationType.Replace]: 'replace',
};

/** The registered pages behind their guards, the spec's redirects, and the visit history. */
export function AppRouter({ routes }: { routes: readonly FeatureRoute[] }) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const versionStatus = useVersionStatus();

  useEffect(() => {
    recordVisit(`${location.pathname}${location.search}`, VISIT_KINDS[navigationType]);
  }, [location.pathname, location.search, navigationType]);

  if (versionStatus === 'rejected' && location.pathname !== '/update-app-page') {
    return <Navigate to="/update-app-page" replace />;
  }

  return (
    <Routes>
      {routes.map(({ path, component: Page, access, embeddable }) => (
        <Route
          key={path}
          path={normalizeRoutePath(path)}
          element={
            <RouteGuard access={access} embeddable={embeddable}>
              <PageFailureBoundary>
                <Suspense fallback={<PageLoading />}>
                  <Page />
                </Suspense>
              </PageFailureBoundary>
            </RouteGuard>
          }
        />
      ))}
      <Route path="/home/charging/charger/:barcode" element={<ChargerPathRedirect />} />
      <Route path="/" element={<Navigate to="/home" replace />} />
      <Route path="*" element={<UnknownAddressRedirect />} />
    </Routes>
  );
}
