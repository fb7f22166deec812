import * as Accordion from '@radix-ui/react-accordion';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { ChevronDown, X } from 'lucide-react';
import { useState, type ReactElement, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Category } from '@/api/types';
import { paths, shopByCategory } from '@/config/paths';

/** The drawer of mobile-drawer.tsx, opened by `trigger`: loaded when first opened, so it
 * starts open. */
export function DrawerMenu({ categories, trigger, extra }: { categories: Category[]; trigger: ReactElement; extra?: ReactNode }) {
  const [open, setOpen] = useState(true);
  const close = () => setOpen(false);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Trigger asChild>{trigger}</DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <DialogPrimitive.Content aria-describedby={undefined} className="fixed inset-y-0 right-0 z-50 flex w-80 max-w-[85vw] flex-col overflow-y-auto bg-white p-4 shadow-xl">
          <div className="mb-4 flex items-center justify-between">
            <DialogPrimitive.Title className="text-lg font-semibold">Menu</DialogPrimitive.Title>
            <DialogPrimitive.Close aria-label="Close menu" className="-mr-2 flex h-11 w-11 items-center justify-center rounded hover:bg-slate-100">
              <X className="h-5 w-5" aria-hidden="true" />
            </DialogPrimitive.Close>
          </div>
          {extra && <div className="mb-4">{extra}</div>}
          <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">Categories</p>
          <Accordion.Root type="single" collapsible>
            {categories.map((category) => (
              <Accordion.Item key={category._id} value={category._id} className="border-b border-slate-100">
                <Accordion.Header>
                  <Accordion.Trigger className="group flex w-full items-center justify-between py-3 text-left font-medium">
                    {category.title}
                    <ChevronDown className="h-4 w-4 transition-transform group-data-[state=open]:rotate-180" aria-hidden="true" />
                  </Accordion.Trigger>
                </Accordion.Header>
                <Accordion.Content>
                  <ul className="pb-3 pl-3">
                    <li>
                      <Link to={shopByCategory(category._id)} onClick={close} className="block py-1.5 text-sm font-medium text-brand">
                        All {category.title}
                      </Link>
                    </li>
                    {category.subCategories.map((sub) => (
                      <li key={sub._id}>
                        <Link to={shopByCategory(category._id, sub._id)} onClick={close} className="block py-1.5 text-sm text-slate-700">
                          {sub.title}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </Accordion.Content>
              </Accordion.Item>
            ))}
          </Accordion.Root>
          <p className="mb-1 mt-6 text-xs font-semibold uppercase tracking-wide text-slate-500">More</p>
          <ul>
            <li>
              <Link to={paths.about} onClick={close} className="block py-2">
                About Us
              </Link>
            </li>
            <li>
              <Link to={paths.contact} onClick={close} className="block py-2">
                Contact
              </Link>
            </li>
          </ul>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
