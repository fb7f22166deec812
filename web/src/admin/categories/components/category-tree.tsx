import { Pencil, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/admin/shared/components/confirm-dialog';
import { LoadFailed, LoadingRows } from '@/admin/shared/components/load-states';
import { moved, MoveButtons } from '@/admin/shared/components/move-buttons';
import { useChanging } from '@/admin/shared/use-changing';
import { CATEGORY_TREE_MUTATION } from '@/api/query-keys';
import type { Category } from '@/api/types';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/errors';
import { useCategoryTree } from '../api/category-tree';
import { useCreateCategory, useCreateSubCategory } from '../api/create-category';
import { useDeleteCategory } from '../api/delete-category';
import { useOrderCategories } from '../api/order-categories';
import { useRenameCategory } from '../api/rename-category';
import { TitleForm } from './title-form';

type Kind = 'category' | 'sub-category';

const WORD: Record<Kind, { one: string; capital: string }> = {
  category: { one: 'category', capital: 'Category' },
  'sub-category': { one: 'sub-category', capital: 'Sub-category' },
};

/** Why deleting may be refused, said before it is tried. */
const DELETE_RULE: Record<Kind, string> = {
  category: 'It leaves the shop’s menu and filters at once. Only a category with no sub-categories and no products (archived ones count) can be deleted.',
  'sub-category': 'It leaves the shop’s menu and filters at once. Only a sub-category no product uses (archived ones count) can be deleted.',
};

/** The shop's categories in the order its menu shows them, each with its sub-categories:
 * add, rename, move up or down, and delete (after a confirmation) at both levels. */
export function CategoryTree() {
  const tree = useCategoryTree();
  const create = useCreateCategory();
  // A move sends the whole order as shown: none while another change is on its way.
  const busy = useChanging(CATEGORY_TREE_MUTATION);
  if (tree.isPending) return <LoadingRows label="Loading categories" />;
  if (tree.isError) return <LoadFailed error={tree.error} onRetry={() => void tree.refetch()} />;
  const { categories } = tree.data;
  const ids = categories.map((category) => category._id);

  return (
    <div className="space-y-4">
      <div className="rounded-lg border border-slate-200 bg-white p-4">
        <TitleForm label="New category" submitLabel="Add category" save={(title) => create.mutateAsync(title).then(() => toast.success(`Category ${title} added`))} />
      </div>
      {categories.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">No categories yet: the shop’s menu is empty until you add one.</p>
      ) : (
        <ol aria-label="Categories" className="space-y-3">
          {categories.map((category, index) => (
            <CategoryItem key={category._id} category={category} index={index} ids={ids} busy={busy} />
          ))}
        </ol>
      )}
    </div>
  );
}

/** One category: its title and actions, its sub-categories, and a field to add one. */
function CategoryItem({ category, index, ids, busy }: { category: Category; index: number; ids: string[]; busy: boolean }) {
  const headingId = useId();
  const createSub = useCreateSubCategory(category._id);
  const subIds = category.subCategories.map((sub) => sub._id);
  return (
    <li>
      <section aria-labelledby={headingId} className="space-y-3 rounded-lg border border-slate-200 bg-white p-3 md:p-4">
        <TreeEntry kind="category" id={category._id} version={category.version} title={category.title} index={index} ids={ids} busy={busy} headingId={headingId} />
        <div className="space-y-3 border-l-2 border-slate-100 pl-3 md:pl-4">
          {category.subCategories.length === 0 ? (
            <p className="text-sm text-slate-600">No sub-categories yet.</p>
          ) : (
            <ol aria-label={`Sub-categories of ${category.title}`} className="divide-y divide-slate-100">
              {category.subCategories.map((sub, subIndex) => (
                <li key={sub._id} className="py-1">
                  <TreeEntry kind="sub-category" id={sub._id} version={sub.version} categoryId={category._id} title={sub.title} index={subIndex} ids={subIds} busy={busy} />
                </li>
              ))}
            </ol>
          )}
          <TitleForm
            label={`New sub-category of ${category.title}`}
            submitLabel="Add sub-category"
            save={(title) => createSub.mutateAsync(title).then(() => toast.success(`Sub-category ${title} added to ${category.title}`))}
          />
        </div>
      </section>
    </li>
  );
}

/** A category's or sub-category's title with Rename, Move up, Move down and Delete. A
 * refusal (a taken title under the field; anything else, such as a category that still
 * holds products, below the row) shows in the server's words. `ids` is its level's whole
 * order; `categoryId` is a sub-category's category. */
function TreeEntry({
  kind,
  id,
  version,
  categoryId,
  title,
  index,
  ids,
  busy,
  headingId,
}: {
  kind: Kind;
  id: string;
  version: number;
  categoryId?: string;
  title: string;
  index: number;
  ids: string[];
  busy: boolean;
  headingId?: string;
}) {
  const word = WORD[kind];
  const name = `${word.one} ${title}`;
  const [renaming, setRenaming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const rename = useRenameCategory(kind, id, version);
  const remove = useDeleteCategory(kind, id);
  const order = useOrderCategories(categoryId);

  const move = (to: number) => {
    setProblem(null);
    order.mutateAsync(moved(ids, index, to)).then(
      () => toast.success(`${word.capital} ${title} moved to position ${to + 1}`),
      (error: unknown) => setProblem(errorMessage(error, `Failed to reorder the ${kind === 'category' ? 'categories' : 'sub-categories'}`)),
    );
  };
  const del = () => {
    setProblem(null);
    remove.mutateAsync().then(
      () => toast.success(`${word.capital} ${title} deleted`),
      (error: unknown) => setProblem(errorMessage(error, `Failed to delete the ${word.one}`)),
    );
  };
  const Title = kind === 'category' ? 'h2' : 'span';

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-x-2">
        <Title id={headingId} className={kind === 'category' ? 'min-w-0 break-words text-lg font-semibold' : 'min-w-0 break-words text-sm'}>
          {title}
        </Title>
        <div className="flex shrink-0 gap-1">
          <Button
            variant="ghost"
            size="touchIcon"
            aria-label={`Rename ${name}`}
            aria-expanded={renaming}
            onClick={() => {
              setProblem(null);
              setRenaming(!renaming);
            }}
          >
            <Pencil className="h-4 w-4" aria-hidden="true" />
          </Button>
          <MoveButtons name={name} index={index} count={ids.length} disabled={busy} onMove={move} />
          <ConfirmDialog
            trigger={
              <Button variant="ghost" size="touchIcon" aria-label={`Delete ${name}`} disabled={remove.isPending} className="text-red-700 hover:bg-red-50">
                <Trash2 className="h-4 w-4" aria-hidden="true" />
              </Button>
            }
            title={`Delete the ${name}?`}
            description={DELETE_RULE[kind]}
            keepLabel={`Keep ${word.one}`}
            confirmLabel="Yes, delete it"
            onConfirm={del}
          />
        </div>
      </div>
      {renaming && (
        <TitleForm
          label={`New title for ${title}`}
          submitLabel="Save title"
          initial={title}
          autoFocus
          onCancel={() => setRenaming(false)}
          save={(next) =>
            rename.mutateAsync(next).then(() => {
              setRenaming(false);
              toast.success(`${word.capital} renamed to ${next}`);
            })
          }
        />
      )}
      {problem && (
        <p role="alert" className="text-sm text-red-600">
          {problem}
        </p>
      )}
    </div>
  );
}
