import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/page-title';

export function Component() {
  useDocumentTitle('Page not found');
  return (
    <div className="py-16 text-center">
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="mt-2 text-slate-600">The page you asked for does not exist.</p>
      <Link to={paths.home} className="mt-4 inline-block text-brand underline">Back to the home page</Link>
    </div>
  );
}
