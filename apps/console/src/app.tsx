import { NavLink, Navigate, Route, Routes } from 'react-router-dom';
import { useStaffSession } from './lib/staff-session.tsx';
import { AuditPage } from './pages/audit-page.tsx';
import { ChargersPage } from './pages/chargers-page.tsx';
import { DriverPage } from './pages/driver-page.tsx';
import { FindPage } from './pages/find-page.tsx';
import { HelplinePage } from './pages/helpline-page.tsx';
import { SignInPage } from './pages/sign-in-page.tsx';

/** The console's pages, behind the staff sign-in. */
export function ConsoleApp() {
  const session = useStaffSession();
  if (!session.signedIn) return <SignInPage />;
  return (
    <div className="shell">
      <header className="top-bar">
        <strong className="product">Support console</strong>
        <nav aria-label="Console">
          <NavLink to="/" end>
            Find
          </NavLink>
          <NavLink to="/helpline">Helpline</NavLink>
          <NavLink to="/chargers">Chargers</NavLink>
          <NavLink to="/audit">Audit log</NavLink>
        </nav>
        <button type="button" className="secondary" onClick={session.signOut}>
          Sign out
        </button>
      </header>
      <main className="content">
        <Routes>
          <Route path="/" element={<FindPage />} />
          <Route path="/drivers/:driverId" element={<DriverPage />} />
          <Route path="/helpline" element={<HelplinePage />} />
          <Route path="/chargers" element={<ChargersPage />} />
          <Route path="/audit" element={<AuditPage />} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </main>
    </div>
  );
}
