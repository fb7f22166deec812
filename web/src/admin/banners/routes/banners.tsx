import { BannersList } from '../components/banners-list';
import { NewBannerForm } from '../components/new-banner-form';

/** /admin/banners: the home page's carousel, a slide per banner, in its order. */
export function AdminBannersPage() {
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Banners</h1>
      <p className="max-w-3xl text-sm text-slate-600">The home page’s carousel shows the banners in this order, each linking where it says. Every change shows in the shop at once.</p>
      <NewBannerForm />
      <BannersList />
    </div>
  );
}
