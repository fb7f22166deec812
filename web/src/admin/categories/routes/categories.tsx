import { CategoryTree } from '../components/category-tree';

/** /admin/categories: the shop's category tree, as its menu and filters show it. */
export function AdminCategoriesPage() {
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Categories</h1>
      <p className="max-w-3xl text-sm text-slate-600">
        The shop’s menu and filters show the categories and their sub-categories in this order. Every change shows in the shop at once.
      </p>
      <CategoryTree />
    </div>
  );
}
