/** A page whose screens arrive with a later issue: its heading, and an honest note. */
export function placeholder(title: string) {
  return function PlaceholderPage() {
    return (
      <div className="py-10">
        <h1 className="text-2xl font-semibold">{title}</h1>
        <p className="mt-2 text-slate-600">This page is coming soon.</p>
      </div>
    );
  };
}
