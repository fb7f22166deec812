import { Outlet } from 'react-router';
import { Announcer } from '@/components/layout/announcer';
import { Footer } from '@/components/layout/footer';
import { MAIN_ID, PageBehaviour, SkipLink } from '@/components/layout/page-behaviour';
import { useCategories } from '@/features/catalog/api/get-categories';
import { Header } from './header';

/** The skip link, header, page, footer and the live region: every storefront page. */
export function Component() {
  const categories = useCategories().data?.categories ?? [];
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <PageBehaviour />
      <Header />
      <main id={MAIN_ID} tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 outline-none">
        <Outlet />
      </main>
      <Footer categories={categories} />
      <Announcer />
    </div>
  );
}
