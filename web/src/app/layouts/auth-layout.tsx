import { Link, Outlet } from 'react-router';
import { HOME_LINK_LABEL, Logo } from '@/components/layout/logo';
import { MAIN_ID, PageBehaviour, SkipLink } from '@/components/layout/page-behaviour';
import { paths } from '@/config/paths';

/** Logo, the form on the left, a decorative panel on the right from medium screens up. */
export function Component() {
  return (
    <div className="grid min-h-screen md:grid-cols-2">
      <SkipLink />
      <PageBehaviour />
      <div className="flex min-w-0 flex-col px-4 py-8 sm:px-12">
        <Link to={paths.home} aria-label={HOME_LINK_LABEL}><Logo /></Link>
        <main id={MAIN_ID} tabIndex={-1} className="flex flex-1 flex-col justify-center py-8 outline-none"><Outlet /></main>
      </div>
      <div aria-hidden="true" className="hidden bg-gradient-to-br from-sky-100 via-blue-200 to-blue-500 md:block" />
    </div>
  );
}
