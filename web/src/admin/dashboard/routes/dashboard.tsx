import { Dashboard } from '../components/dashboard';

/** /admin: the console's landing page. */
export function AdminDashboardPage() {
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Dashboard</h1>
      <Dashboard />
    </div>
  );
}
